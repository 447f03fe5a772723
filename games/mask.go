package games

import "strings"

// Masking the history: a turn token as a seat may see it.
//
// A game with hidden information (a Viewer: knights under fog) hides
// more than the position: the turn tokens of its history tell where
// every knight went. MaskTurn is the one answer to what of a turn token a
// seat may read, as ViewOf is for the position, so the online referee
// (and anything else that shows a history to one seat) cannot leak a
// pick through the move list.

// Hidden is what a masked entry reads: "c5,?,-".
const Hidden = "?"

// masked is implemented by a view that knows whether it hides part of
// the position (knights' State.Masked): a fogged view hides the other
// knights' picks even when it happens to see every knight now, which a
// comparison of hashes would miss.
type masked interface{ Masked() bool }

// hidesFrom reports whether seat's view of st leaves something out.
func hidesFrom(st State, seat int) bool {
	if _, ok := st.(Viewer); !ok {
		return false
	}
	v := ViewOf(st, seat)
	if m, ok := v.(masked); ok {
		return m.Masked()
	}
	return v.Hash() != st.Hash()
}

// MaskTurn is the turn token played on before (the whole position at the
// start of the turn) as seat may see it; seat -1 is what no seat sees
// privately. When the seat's view of before hides part of the position,
// the entries of other seats are Hidden: in a simultaneous token (one
// entry per seat, comma separated, as TurnCodec writes it) every other
// seat's entry except "-" (a seat that is out, which is public); in a
// sequential token, the whole token when another seat played it. Games
// without hidden information, and a seat that sees everything (fog off,
// its knight out, the game over), get the token unchanged.
//
// The mask of a turn depends only on the position before it and the
// seat, so a history masked turn by turn as it is played reads the same
// as one masked again from the start (a rejoin, a restart).
func MaskTurn(before State, seat int, token string) string {
	if !hidesFrom(before, seat) {
		return token
	}
	if _, simultaneous := before.(TurnCodec); simultaneous {
		parts := strings.Split(token, ",")
		for i, p := range parts {
			if i != seat && p != "-" {
				parts[i] = Hidden
			}
		}
		return strings.Join(parts, ",")
	}
	if to := before.ToMove(); len(to) == 1 && to[0] == seat {
		return token
	}
	return Hidden
}

// MasksHistory reports whether the history of the game from st may read
// differently to different seats: some seat's view of st hides part of
// it (knights with fog on). A host that gets false at the start of a
// game need not keep the positions MaskTurn needs.
func MasksHistory(st State) bool {
	if _, ok := st.(Viewer); !ok {
		return false
	}
	for seat := -1; seat < st.Seats(); seat++ {
		if hidesFrom(st, seat) {
			return true
		}
	}
	return false
}
