print("notes-bench")
