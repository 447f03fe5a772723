package repetition

// SetWalked sets the hook Record calls at every step (nil: none).
func SetWalked(f func(first bool)) { walked = f }
