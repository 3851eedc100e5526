enum PlaceholderLockOutStore {}
