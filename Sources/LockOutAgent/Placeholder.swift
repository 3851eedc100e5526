enum PlaceholderLockOutAgent {}
