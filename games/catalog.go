package games

import "sort"

// The catalog lists the games that are playable in this build. Each game
// package registers itself in an init function; games/all imports them all
// (games cannot import its own sub-packages, which import it).
var catalog = map[string]Game{}

// order is the order the picker shows the games in.
var order = []string{"classic", "checkerboard", "infiltration", "revenge", "alcazar", "knights", "arena"}

// Register adds a game to the catalog. It panics on a duplicate id, which
// is a programming error found at start-up.
func Register(g Game) {
	if _, dup := catalog[g.ID()]; dup {
		panic("games: duplicate game id " + g.ID())
	}
	catalog[g.ID()] = g
}

// Lookup finds a registered game by id.
func Lookup(id string) (Game, bool) {
	g, ok := catalog[id]
	return g, ok
}

// All lists the registered games in picker order.
func All() []Game {
	rank := map[string]int{}
	for i, id := range order {
		rank[id] = i
	}
	out := make([]Game, 0, len(catalog))
	for _, g := range catalog {
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool {
		ri, oki := rank[out[i].ID()]
		rj, okj := rank[out[j].ID()]
		if oki != okj {
			return oki
		}
		if ri != rj {
			return ri < rj
		}
		return out[i].ID() < out[j].ID()
	})
	return out
}
