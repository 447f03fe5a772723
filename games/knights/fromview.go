package knights

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tabulagames/tabula/games"
)

// A seat's view from what an online game's server sends. A device that
// follows a knights game played on a server cannot replay its history:
// under fog the other seats' picks come masked ("c5,?,-"), and the seed,
// which placed the obstacles and the start squares, is not sent. So it
// draws what the server sends instead: the seat's view (State.View) as
// the position object of section 8, with the outcome and the last
// turn's events as the seat saw them. FromView makes that back into a
// State the board draws like any other view; it holds nothing the
// position does not, so a device that shows it cannot show more than
// the seat may see.

// ViewInfo is one seat's view as an online game's server sends it.
type ViewInfo struct {
	Rules games.Rules // the house rules in force (size, fog, shrink, players)
	Seat  int         // whose view it is
	// Position is the view's Position() as JSON: board, scores, alive, turn.
	Position json.RawMessage
	// Masked is the server's word that the view hides squares (State.Masked).
	Masked bool
	// Over, Winners and Reason are the outcome by the rules; an ending
	// outside them (a resignation) is not Over here.
	Over    bool
	Winners []int
	Reason  string
	// Events are the last turn's events as the seat saw them (eventsSeen).
	Events []games.Event
}

// position is the JSON of section 8.
type position struct {
	Board  []string `json:"board"`
	Scores []int    `json:"scores"`
	Alive  []bool   `json:"alive"`
	Turn   *int     `json:"turn"`
}

// FromView makes the State of a seat's view from what a server sent; an
// error says in words what does not fit the rules. Under fog (Masked)
// the squares out of the seat's sight read as empty in the position: the
// sight is that of the seat's knight, as View draws it, so Unseen and
// the fog come out as on the server. The view knows no more than the
// position: not the run of turns without a jump (the server says when
// the game ends) nor the game stream.
func FromView(v ViewInfo) (*State, error) {
	var p position
	if err := json.Unmarshal(v.Position, &p); err != nil {
		return nil, fmt.Errorf("the knights position is not readable: %v", err)
	}
	n, players := v.Rules.Int(SizeRule), v.Rules.Int(games.PlayersRule)
	if n < MinSize || n > MaxSize || players < 1 || players > 4 {
		return nil, fmt.Errorf("a knights board of size %d with %d knights is not in the rules", n, players)
	}
	if len(p.Board) != n {
		return nil, fmt.Errorf("the knights board has %d ranks, not %d", len(p.Board), n)
	}
	if len(p.Scores) != players || len(p.Alive) != players || p.Turn == nil || *p.Turn < 0 {
		return nil, fmt.Errorf("the knights position needs scores and alive for %d knights and a turn", players)
	}
	if v.Seat < -1 || v.Seat >= players {
		return nil, fmt.Errorf("there is no seat %d in this knights game", v.Seat+1)
	}
	s := &State{
		g: geomOf(n), players: players, shrink: v.Rules.Int(ShrinkRule), fog: v.Rules.Bool(FogRule),
		cells: make([]byte, n*n), pos: make([]int, players), alive: append([]bool{}, p.Alive...),
		scores: append([]int{}, p.Scores...), turn: *p.Turn,
	}
	for seat := range s.pos {
		s.pos[seat] = Unknown
	}
	const letters = ".#abcdABCD"
	for row, line := range p.Board {
		if len(line) != n {
			return nil, fmt.Errorf("rank %d of the knights board has %d squares, not %d", n-row, len(line), n)
		}
		for col := 0; col < n; col++ {
			c := strings.IndexByte(letters, line[col])
			if c < 0 {
				return nil, fmt.Errorf("%q on %s is not a knights square", line[col], games.SquareName(col, n-1-row))
			}
			seat := -1
			switch {
			case byte(c) >= knight0:
				seat = c - int(knight0)
			case byte(c) >= trail0:
				seat = c - int(trail0)
			}
			if seat >= players {
				return nil, fmt.Errorf("%s holds the %s seat's %s, in a game of %d", games.SquareName(col, n-1-row), SeatNames[seat], describeKind(byte(c)), players)
			}
			sq := row*n + col
			s.cells[sq] = byte(c)
			if byte(c) >= knight0 {
				if s.pos[seat] != Unknown {
					return nil, fmt.Errorf("%s's knight stands on two squares", SeatNames[seat])
				}
				s.pos[seat] = sq
			}
		}
	}
	if v.Masked {
		// Seat -1 (a watcher) sees nothing under fog.
		if !s.fog || v.Seat >= 0 && (!s.alive[v.Seat] || s.pos[v.Seat] == Unknown) {
			return nil, fmt.Errorf("a fogged view needs the fog rule and the seat's own knight in it")
		}
		s.seen = make([]bool, n*n)
		if v.Seat >= 0 {
			for _, sq := range s.g.sight[s.pos[v.Seat]] {
				s.seen[sq] = true
			}
		}
	}
	if v.Over {
		s.end(append([]int{}, v.Winners...), v.Reason)
		s.stalled = v.Reason == stallReason
	}
	s.events = append([]games.Event{}, v.Events...)
	return s, nil
}

func describeKind(c byte) string {
	if c >= knight0 {
		return "knight"
	}
	return "trail"
}
