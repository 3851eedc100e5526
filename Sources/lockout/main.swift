print("lockout")
