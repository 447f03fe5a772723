package games

// MaskTurn is a turn token of the history as seat may see it, given the
// state before the turn (the truth). Games without hidden information
// return the token unchanged.
func MaskTurn(before State, seat int, token string) string { return token }

// MasksHistory reports whether the game's history may read differently
// to different seats (a fogged knights game), so a host need not mask a
// history that hides nothing.
func MasksHistory(st State) bool { return false }
