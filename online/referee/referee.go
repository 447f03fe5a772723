// Package referee is the whole logic of one online match, with no Nakama
// and no Fyne: a host (the Nakama match handler, or a test) drives it by
// plain method calls from one goroutine and sends what Outbox returns.
//
// The referee parses, checks and plays every move with the game's own
// rules, sends each seat only what that seat may see (games.ViewOf, the
// history masked by games.MaskTurn), plays bot seats with the app's ai
// bots on goroutines of their own, and gives the whole record only once
// the game is over.
package referee

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"sync"
	"time"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/games"
	_ "github.com/tabulagames/tabula/games/all" // every game of the box
	"github.com/tabulagames/tabula/games/arena"
	"github.com/tabulagames/tabula/games/knights"
	"github.com/tabulagames/tabula/internal/words"
	"github.com/tabulagames/tabula/online/protocol"
)

// Config is what a match is made from.
type Config struct {
	Code     string                 // invitation code
	Game     string                 // game id
	Rules    map[string]any         // raw house rules; validated by New
	Seed     int64                  // chosen by the server
	Seats    []protocol.SeatRequest // one per seat of the game
	TickRate int                    // ticks per second of the host loop
	Hints    bool                   // the room allows hints (protocol.CreateRequest.Hints)
}

// Outgoing is one message for the host to send: op code and JSON payload
// to the users listed.
type Outgoing struct {
	UserIDs []string
	Op      int64
	Data    []byte
}

// seat is one seat of the match now. A pie-rule swap exchanges the
// entries of seats 0 and 1, so the person (and what was sent to them)
// moves with the entry.
type seat struct {
	Kind      string `json:"kind"` // "person" or "bot"
	Name      string `json:"name"`
	Named     bool   `json:"named,omitempty"` // the name came with the request, not the account
	Bot       string `json:"bot,omitempty"`   // a bot seat's bot, or the bot playing on for a resigned person
	Character string `json:"character,omitempty"`
	User      string `json:"user,omitempty"` // the bound user
	Resigned  bool   `json:"resigned,omitempty"`

	connected bool
	sent      int  // history tokens already sent to the user
	dirty     bool // an Update is due
	final     bool // the Final is due
	full      bool // the next Update is the first since a join
	deadline  int  // knights timer: ticks left for this seat's pick
}

// botPlays reports whether a bot acts for the seat.
func (s *seat) botPlays() bool { return s.Kind == "bot" || s.Resigned }

// Referee is one match. It is not safe for concurrent use: the host calls
// it from one goroutine (the match loop); bots hand their moves back
// through a channel that Tick drains.
type Referee struct {
	code     string
	tickRate int
	hints    bool // the room allows hints: kept and told, never computed here
	game     games.Game
	rules    games.Rules
	seed     int64
	start    []games.SeatInfo // the seat table at the start, as a save holds it
	seats    []*seat
	st       games.State   // the truth
	tokens   []string      // the history
	states   []games.State // the position before each token, when masking or a stream needs it
	keep     bool
	// masks: some seat's view hides part of the game (knights under fog),
	// so the seed, which placed what is hidden, is never sent.
	masks    bool
	ending   *games.Ending // a two-seat resignation
	soloQuit bool          // the only seat of a one-seat game resigned
	picks    map[int]games.Move
	timer    int             // knights timer rule, in ticks (0: off)
	reserved map[string]hold // seats kept from CanJoin to Join
	changed  bool
	out      []Outgoing

	// bots
	gen      int
	thinking bool
	plan     []string // the rest of an arena bot's turn
	planSeat int
	cancel   context.CancelFunc
	results  chan botResult
	wg       sync.WaitGroup
}

type botResult struct {
	gen     int
	seats   []int
	answers []ai.Answer
	err     error
}

// New makes a match; the error says in words what is wrong with the game,
// the rules or the seats.
func New(cfg Config) (*Referee, error) {
	g, ok := games.Lookup(cfg.Game)
	if !ok {
		return nil, fmt.Errorf("there is no game %q", cfg.Game)
	}
	raw := map[string]any{}
	for k, v := range cfg.Rules {
		raw[k] = v
	}
	if g.ID() == arenaID {
		for i, key := range []string{arena.RuleP1, arena.RuleP2} {
			if i >= len(cfg.Seats) || cfg.Seats[i].Character == "" {
				continue
			}
			if v, ok := raw[key]; ok && v != cfg.Seats[i].Character {
				return nil, fmt.Errorf("seat %d is asked to be a %s and, in the house rules, a %v", i+1, cfg.Seats[i].Character, v)
			}
			raw[key] = cfg.Seats[i].Character
		}
	}
	rules, err := games.ValidateSavedRules(g.RuleSpecs(), raw)
	if err != nil {
		return nil, err
	}
	n := games.SeatCount(g, rules)
	if len(cfg.Seats) != n {
		return nil, fmt.Errorf("%s with these rules is played by %d, not %d", g.Name(), n, len(cfg.Seats))
	}
	if cfg.TickRate < 1 {
		return nil, errors.New("the tick rate must be at least 1 tick per second")
	}
	r := &Referee{code: cfg.Code, tickRate: cfg.TickRate, game: g, rules: rules, seed: cfg.Seed, hints: cfg.Hints}
	for i, req := range cfg.Seats {
		s := &seat{Kind: req.Kind, Name: req.Name, Named: req.Name != "", Bot: req.Bot}
		switch req.Kind {
		case "person":
			if req.Bot != "" {
				return nil, fmt.Errorf("seat %d is for a person and names a bot", i+1)
			}
		case "bot":
			if _, err := ai.Find(g.ID(), req.Bot); err != nil {
				return nil, fmt.Errorf("seat %d: %v", i+1, err)
			}
			if s.Name == "" {
				s.Name = "Computer (" + req.Bot + ")"
			}
		default:
			return nil, fmt.Errorf("seat %d must be for a person or a bot, not %q", i+1, req.Kind)
		}
		r.seats = append(r.seats, s)
	}
	r.start = r.seatTable()
	if err := r.begin(nil); err != nil {
		return nil, err
	}
	r.changed = true
	r.startBots()
	return r, nil
}

// begin makes the first state and replays tokens on it.
func (r *Referee) begin(tokens []string) error {
	st, err := r.game.New(games.Config{Rules: r.rules, Seed: r.seed})
	if err != nil {
		return err
	}
	if g := r.game.ID(); g == knights.ID {
		r.timer = r.rules.Int(knights.TimerRule) * r.tickRate
	}
	r.st, r.picks, r.reserved = st, map[int]games.Move{}, map[string]hold{}
	r.masks = games.MasksHistory(st)
	r.keep = r.masks || r.game.Kind().Stream
	r.results = make(chan botResult, 4)
	for i, tok := range tokens {
		if err := r.push(tok); err != nil {
			return fmt.Errorf("move %d (%q): %w", i+1, tok, err)
		}
	}
	r.armTimers()
	return nil
}

// hold is a seat kept for a user between CanJoin and Join, for so many
// ticks: a join that never comes (the client went away in between) does
// not keep the seat from others for ever.
type hold struct{ seat, ticks int }

// holdSeconds is how long a seat is kept for a join.
const holdSeconds = 30

// seatTable is the seats as a save holds them.
func (r *Referee) seatTable() []games.SeatInfo {
	out := make([]games.SeatInfo, len(r.seats))
	for i, s := range r.seats {
		out[i] = games.SeatInfo{Name: s.Name, Controller: "human", Character: s.Character}
		if s.Kind == "bot" {
			out[i].Controller, out[i].Bot = "ai", s.Bot
		}
	}
	return out
}

// ---- seats and users ----

func (r *Referee) seatOf(userID string) int {
	for i, s := range r.seats {
		if s.User != "" && s.User == userID {
			return i
		}
	}
	return -1
}

func (r *Referee) taken(i int) bool {
	if r.seats[i].User != "" {
		return true
	}
	for _, h := range r.reserved {
		if h.seat == i {
			return true
		}
	}
	return false
}

func (r *Referee) freeSeat() int {
	for i, s := range r.seats {
		if s.Kind == "person" && !r.taken(i) {
			return i
		}
	}
	return -1
}

// bind gives a seat to a user, named by the account when the request
// named nobody.
func (r *Referee) bind(userID, name string, i int) {
	s := r.seats[i]
	s.User = userID
	if !s.Named {
		s.Name = name
		if s.Name == "" {
			s.Name = fmt.Sprintf("Player %d", i+1)
		}
		// The record's seat table names them too. Seats are bound before
		// the game starts (it waits for every person), so before any pie
		// swap: seat i is still the start's seat i.
		if i < len(r.start) {
			r.start[i].Name = s.Name
		}
	}
	delete(r.reserved, userID)
	r.changed = true
	r.allDirty()
	r.armTimers()
	r.startBots()
}

// Claim binds a user to a seat (the creator at create time); seat -1 is
// the first free person seat.
func (r *Referee) Claim(userID, name string, seat int) error {
	if userID == "" {
		return errors.New("a seat needs a user")
	}
	if have := r.seatOf(userID); have >= 0 {
		if seat == -1 || seat == have {
			return nil
		}
		return fmt.Errorf("you already hold seat %d", have+1)
	}
	if seat == -1 {
		if seat = r.freeSeat(); seat < 0 {
			return errors.New("every seat of this game is taken")
		}
	}
	if seat < 0 || seat >= len(r.seats) {
		return fmt.Errorf("there is no seat %d in this game (it has %d)", seat+1, len(r.seats))
	}
	if r.seats[seat].Kind != "person" {
		return fmt.Errorf("seat %d is played by the computer", seat+1)
	}
	if r.taken(seat) {
		return fmt.Errorf("seat %d is taken", seat+1)
	}
	r.bind(userID, name, seat)
	return nil
}

// CanJoin answers a join attempt: the protocol version in
// meta[protocol.JoinVersionKey], then a seat for this user (their own
// seat back, or a free person seat, kept for them until they join or
// leave), else a reason in words.
func (r *Referee) CanJoin(userID string, meta map[string]string) (seat int, err error) {
	v, ok := meta[protocol.JoinVersionKey]
	if !ok {
		return -1, errors.New("Your version of Tabula does not say which protocol it speaks: update Tabula to play online.")
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return -1, errors.New("Your version of Tabula sent a protocol version that is not a number: update Tabula to play online.")
	}
	if n != protocol.Version {
		return -1, protocol.ErrVersion(n)
	}
	if i := r.seatOf(userID); i >= 0 {
		return i, nil
	}
	if h, ok := r.reserved[userID]; ok {
		return h.seat, nil
	}
	if i := r.freeSeat(); i >= 0 {
		r.reserved[userID] = hold{seat: i, ticks: holdSeconds * r.tickRate}
		return i, nil
	}
	return -1, errors.New("This game is full: every seat is taken.")
}

// Join marks a user joined (or rejoined) and connected: it queues a full
// Update (From 0) for that user and a seat-state Update for the others.
// A user with no seat (none free) is told so in a Refused.
func (r *Referee) Join(userID, name string) {
	i := r.seatOf(userID)
	if i < 0 {
		if h, ok := r.reserved[userID]; ok && r.seats[h.seat].User == "" {
			i = h.seat
		} else {
			delete(r.reserved, userID)
			i = r.freeSeat()
		}
		if i < 0 {
			r.refuse(userID, "", errors.New("This game is full: every seat is taken."))
			return
		}
		r.bind(userID, name, i)
	}
	s := r.seats[i]
	s.connected, s.sent, s.final, s.full = true, 0, r.Over(), true
	r.allDirty()
}

// Leave marks a user dropped: the seat stays theirs, not connected, and
// the others are told.
func (r *Referee) Leave(userID string) {
	delete(r.reserved, userID)
	if i := r.seatOf(userID); i >= 0 {
		r.seats[i].connected = false
		r.allDirty()
	}
}

func (r *Referee) allDirty() {
	for _, s := range r.seats {
		s.dirty = true
	}
}

// started reports whether every person seat is taken: the game (its
// bots, its clock) waits until then.
func (r *Referee) started() bool {
	for _, s := range r.seats {
		if s.Kind == "person" && s.User == "" {
			return false
		}
	}
	return true
}

// ---- client messages ----

// Handle takes a client message (OpMove or OpResign). Anything bad queues
// a Refused to the sender only and changes nothing.
func (r *Referee) Handle(userID string, op int64, data []byte) {
	i := r.seatOf(userID)
	switch {
	case i < 0:
		r.refuse(userID, "", errors.New("You have no seat in this game."))
	case op == protocol.OpMove:
		var m protocol.Move
		if err := protocol.Decode(data, &m); err != nil {
			r.refuse(userID, "", err)
			return
		}
		if err := r.move(i, m); err != nil {
			r.refuse(userID, m.Token, err)
		}
	case op == protocol.OpResign:
		var m protocol.Resign
		if err := protocol.Decode(data, &m); err != nil {
			r.refuse(userID, "", err)
			return
		}
		if err := r.resign(i); err != nil {
			r.refuse(userID, "", err)
		}
	default:
		r.refuse(userID, "", fmt.Errorf("This server does not know message %d: update Tabula to play online.", op))
	}
}

func (r *Referee) refuse(userID, token string, err error) {
	r.send([]string{userID}, protocol.OpRefused, protocol.Refused{V: protocol.Version, Token: token, Error: err.Error()})
}

func (r *Referee) send(users []string, op int64, msg any) {
	data, err := json.Marshal(msg)
	if err != nil {
		panic(err) // our own message types always marshal
	}
	r.out = append(r.out, Outgoing{UserIDs: users, Op: op, Data: data})
}

func (r *Referee) name(i int) string { return r.seats[i].Name }

func contains(list []int, x int) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}

// move checks and plays a person's move.
func (r *Referee) move(i int, m protocol.Move) error {
	if r.Over() {
		return games.ErrGameOver
	}
	if !r.started() {
		waiting := 0
		for _, s := range r.seats {
			if s.Kind == "person" && s.User == "" {
				waiting++
			}
		}
		return fmt.Errorf("The game starts when every seat is taken: waiting for %d more %s.", waiting, words.Plural(waiting, "player", "players"))
	}
	if r.seats[i].Resigned {
		return errors.New("You resigned: the computer plays your seat now.")
	}
	if m.Ply > len(r.tokens) || m.Ply < 0 {
		// A ply the game has not reached: no count of moves "since".
		return fmt.Errorf("You chose %s for a position the game has not reached: choose again.", m.Token)
	}
	if m.Ply != len(r.tokens) {
		return fmt.Errorf("The game has moved on since you chose %s (%d %s played since): choose again.", m.Token, len(r.tokens)-m.Ply, words.Plural(len(r.tokens)-m.Ply, "move was", "moves were"))
	}
	to := r.st.ToMove()
	if !contains(to, i) {
		if r.game.Kind().Simultaneous {
			return errors.New("You are out of this game: the others play on.")
		}
		names := make([]string, len(to))
		for k, s := range to {
			names[k] = r.name(s)
		}
		return fmt.Errorf("It is %s's turn.", words.JoinAnd(names))
	}
	if r.game.Kind().Simultaneous {
		if p, ok := r.picks[i]; ok {
			return fmt.Errorf("You have already picked %s this turn: waiting for %s.", r.st.MoveString(i, p), words.JoinAnd(r.pendingNames()))
		}
	}
	// Parsed on the seat's own view, so not even the words of a refusal
	// can tell what the seat may not see.
	mv, err := games.ViewOf(r.st, i).ParseMove(i, m.Token)
	if err != nil {
		return err
	}
	if r.game.Kind().Simultaneous {
		r.pick(i, mv)
		return nil
	}
	return r.play(r.st.MoveString(i, mv))
}

func (r *Referee) pendingNames() []string {
	var out []string
	for _, s := range r.st.ToMove() {
		if _, ok := r.picks[s]; !ok {
			out = append(out, r.name(s))
		}
	}
	return out
}

// pick records a seat's secret pick and plays the turn once all are in.
func (r *Referee) pick(i int, mv games.Move) {
	r.picks[i] = mv
	r.changed = true
	r.allDirty()
	to := r.st.ToMove()
	moves := make([]games.Move, 0, len(to))
	for _, s := range to {
		p, ok := r.picks[s]
		if !ok {
			return
		}
		moves = append(moves, p)
	}
	if err := r.play(games.FormatTurn(r.st, moves)); err != nil {
		panic(fmt.Sprintf("referee: checked picks refused: %v", err)) // every pick was parsed against this position
	}
}

// play plays one turn token on the truth; an illegal one changes nothing.
func (r *Referee) play(token string) error {
	if err := r.push(token); err != nil {
		return err
	}
	r.picks = map[int]games.Move{}
	if ev, ok := r.st.(games.Evented); ok {
		for _, e := range ev.LastEvents() {
			if e.Kind == games.EventSeatSwap && len(r.seats) > 1 {
				r.seats[0], r.seats[1] = r.seats[1], r.seats[0]
			}
		}
	}
	r.changed = true
	r.allDirty()
	r.armTimers()
	r.next()
	return nil
}

// push plays a token on a copy of the truth and keeps it.
func (r *Referee) push(token string) error {
	next := r.st.Clone()
	if err := games.PlayToken(next, token); err != nil {
		return err
	}
	if r.keep {
		r.states = append(r.states, r.st)
	}
	r.st = next
	r.tokens = append(r.tokens, token)
	return nil
}

// armTimers starts the knights timer of every person who picks in the
// turn now running (a fresh turn, or a seat just taken).
func (r *Referee) armTimers() {
	for i, s := range r.seats {
		s.deadline = 0
		if r.timer > 0 && r.started() && !s.botPlays() && contains(r.st.ToMove(), i) && !r.Over() {
			if _, picked := r.picks[i]; !picked {
				s.deadline = r.timer
			}
		}
	}
}

// resign gives up a person's seat.
func (r *Referee) resign(i int) error {
	if r.Over() {
		return games.ErrGameOver
	}
	if r.seats[i].Resigned {
		return errors.New("You have already resigned.")
	}
	switch len(r.seats) {
	case 1:
		r.soloQuit = true
	case 2:
		e := &games.Ending{By: games.EndResigned, Seat: i}
		if err := e.Check(r.st); err != nil {
			return err
		}
		r.ending = e
	default:
		r.seats[i].Resigned = true
		r.seats[i].Bot = playOnBot(r.game.ID())
		r.seats[i].deadline = 0
	}
	r.seats[i].Resigned = true
	r.changed = true
	r.allDirty()
	r.next()
	return nil
}

// playOnBot is the bot that plays on for a person who resigned in a game
// of more than two: a middling one that does not draw from the game's own
// stream (which follows the seat table of the start, knights 4.2).
func playOnBot(game string) string {
	var names []string
	for _, s := range ai.ForGame(game) {
		if !s.GameStream {
			names = append(names, s.Name)
		}
	}
	for _, n := range names {
		if n == "medium" {
			return n
		}
	}
	if len(names) == 0 {
		return ""
	}
	return names[0]
}

// ---- the outcome ----

func (r *Referee) outcome() games.Outcome {
	switch {
	case r.ending != nil:
		o := r.ending.Outcome()
		o.Reason = r.name(r.ending.Seat) + " resigned"
		return o
	case r.soloQuit:
		return games.Outcome{Status: games.Draw, Reason: r.name(0) + " resigned"}
	}
	return r.st.Outcome()
}

// Over reports whether the game has ended (by its rules or a resignation).
func (r *Referee) Over() bool { return r.outcome().Over() }

// ---- ticks and bots ----

// Tick is one tick of the host loop: the knights timer clock runs, bot
// results are collected and played, and an arena bot's planned turn goes
// on by one action.
func (r *Referee) Tick() {
	for drained := false; !drained; {
		select {
		case res := <-r.results:
			r.botAnswered(res)
		default:
			drained = true
		}
	}
	if len(r.plan) > 0 && !r.Over() {
		r.playPlan()
	}
	for user, h := range r.reserved {
		if h.ticks--; h.ticks <= 0 {
			delete(r.reserved, user)
		} else {
			r.reserved[user] = h
		}
	}
	if r.timer > 0 && r.started() && !r.Over() {
		var late []int
		for i, s := range r.seats {
			if s.deadline > 0 {
				if s.deadline--; s.deadline == 0 {
					late = append(late, i)
				}
			}
		}
		// Time is up: the first legal move in jump order (knights 10.5).
		// The clocks of one turn run out together; the picks they make
		// may end it, and the next turn's clocks start full.
		ply := len(r.tokens)
		for _, i := range late {
			if len(r.tokens) != ply {
				break
			}
			if legal := games.ViewOf(r.st, i).Legal(i); len(legal) > 0 {
				r.pick(i, legal[0])
			}
		}
	}
	r.startBots()
}

// WaitBots blocks until every bot thinking now has answered (its answer
// is played by the next Tick). It is for tests and tools that drive the
// referee tick by tick without a clock.
func (r *Referee) WaitBots() { r.wg.Wait() }

// startBots lets the bot seats that act now think, in one goroutine, on
// their seats' views, as the app does (ui/session/bots.go): same bots,
// seeds and time cap; the bots of a simultaneous turn in seat order, so
// the faithful knights bots draw from the game's stream in that order.
func (r *Referee) startBots() {
	if r.thinking || len(r.plan) > 0 || r.Over() || !r.started() {
		return
	}
	var seats []int
	var bots []ai.Bot
	for _, i := range r.st.ToMove() {
		if _, picked := r.picks[i]; picked || !r.seats[i].botPlays() {
			continue
		}
		b, err := ai.New(r.game.ID(), r.seats[i].Bot, ai.Options{Seed: uint64(r.seed)*7919 + uint64(i), Time: botTime})
		if err != nil {
			b = ai.Random{Seed: uint64(r.seed) + uint64(i)}
		}
		seats, bots = append(seats, i), append(bots, b)
	}
	if len(seats) == 0 {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	r.thinking, r.cancel = true, cancel
	// Everything the goroutine reads is copied here: it must not touch
	// the referee.
	gen, clone, seed := r.gen, r.st.Clone(), r.seed
	progress := ai.ProgressOf(r.st, r.seed, len(r.tokens))
	var history []games.State
	if r.game.Kind().Stream {
		history = append(append([]games.State{}, r.states...), clone.Clone())
	}
	game, table := r.game.ID(), r.start
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		res := botResult{gen: gen, seats: seats}
		if history != nil {
			stream, err := ai.StreamAt(game, history, table, seed)
			if err != nil {
				res.err = err
			}
			progress.Stream = stream
		}
		for k := 0; k < len(seats) && res.err == nil; k++ {
			a, err := ai.Ask(ctx, bots[k], clone, seats[k], progress)
			if ctx.Err() != nil {
				return // cancelled: the game moved on
			}
			res.answers, res.err = append(res.answers, a), err
		}
		select {
		case r.results <- res:
		case <-ctx.Done():
		}
	}()
}

func (r *Referee) stopBots() {
	r.gen++
	if r.cancel != nil {
		r.cancel()
		r.cancel = nil
	}
	r.thinking, r.plan = false, nil
}

// botAnswered plays what the bots decided: their secret picks, a move,
// or the first action of a planned turn. A bot that fails (it should
// not) is replaced for that move by the first legal move of its seat's
// view, so a match never hangs on it.
func (r *Referee) botAnswered(res botResult) {
	if res.gen != r.gen || r.Over() {
		return
	}
	r.thinking, r.cancel = false, nil
	ply := len(r.tokens)
	for k, i := range res.seats {
		if len(r.tokens) != ply {
			return // the picks so far completed the turn (a person's timer ran out)
		}
		var a ai.Answer
		if k < len(res.answers) && (res.err == nil || k < len(res.answers)-1) {
			a = res.answers[k]
		} else {
			legal := games.ViewOf(r.st, i).Legal(i)
			if len(legal) == 0 {
				return
			}
			a = ai.Answer{Move: legal[0]}
		}
		if r.game.Kind().Simultaneous {
			if _, picked := r.picks[i]; !picked && contains(r.st.ToMove(), i) {
				r.pick(i, a.Move)
			}
			continue
		}
		token := r.st.MoveString(i, a.Move)
		if a.Plan != nil {
			token, r.plan, r.planSeat = a.Plan[0], a.Plan[1:], i
		}
		if err := r.play(token); err != nil {
			r.plan = nil
			legal := games.ViewOf(r.st, i).Legal(i)
			if len(legal) > 0 {
				_ = r.play(r.st.MoveString(i, legal[0]))
			}
		}
		return
	}
}

// playPlan plays the next action of an arena bot's turn, while the turn
// runs.
func (r *Referee) playPlan() {
	to := r.st.ToMove()
	if len(to) != 1 || to[0] != r.planSeat || !games.MidTurn(r.st) {
		r.plan = nil
		r.startBots()
		return
	}
	token := r.plan[0]
	r.plan = r.plan[1:]
	if err := r.play(token); err != nil {
		r.plan = nil
		r.startBots()
	}
}

// next follows a change of the game: at its end, no more bots and the
// Final due to every seat; else the bots of the seats to move start.
func (r *Referee) next() {
	if r.Over() {
		r.stopBots()
		for _, s := range r.seats {
			s.final = true
		}
	}
	r.startBots()
}

// Close cancels the bots still thinking.
func (r *Referee) Close() { r.stopBots() }

// ---- what each seat is sent ----

// Outbox drains the messages to send: the Refused queued, then an Update
// for every connected seat that has something new, then the Final for
// those who have not had it once the game is over.
func (r *Referee) Outbox() []Outgoing {
	var final []string
	for i, s := range r.seats {
		if !s.connected || s.User == "" {
			continue
		}
		if s.dirty {
			r.send([]string{s.User}, protocol.OpUpdate, r.update(i))
			s.dirty, s.sent, s.full = false, len(r.tokens), false
		}
		if s.final && r.Over() {
			final = append(final, s.User)
			s.final = false
		}
	}
	if len(final) > 0 {
		rec, err := json.Marshal(r.record())
		if err != nil {
			panic(err)
		}
		r.send(final, protocol.OpFinal, protocol.Final{V: protocol.Version, Record: rec})
	}
	out := r.out
	r.out = nil
	return out
}

// update is the game as seat i may see it, with the history from what
// it was last sent.
func (r *Referee) update(i int) protocol.Update {
	s := r.seats[i]
	view := games.ViewOf(r.st, i)
	pos, err := json.Marshal(view.Position())
	if err != nil {
		panic(err)
	}
	o := r.outcome()
	u := protocol.Update{V: protocol.Version, Code: r.code, Game: r.game.ID(), Seat: i,
		Ply: len(r.tokens), Turns: len(r.tokens), Rules: r.rules, Seats: r.Seats(),
		From: s.sent, History: []string{}, Position: pos, ToMove: r.st.ToMove(), Legal: []string{},
		TickRate: r.tickRate, Status: o.Status.String(), Winners: o.Winners, Reason: o.Reason, Hints: r.hints}
	if u.ToMove == nil {
		u.ToMove = []int{}
	}
	if tc, ok := r.st.(games.TurnCounter); ok {
		u.Turns = tc.Turn()
	}
	if m, ok := view.(interface{ Masked() bool }); ok {
		u.Masked = m.Masked()
	} else {
		u.Masked = games.Hides(r.game, r.st, i)
	}
	if s.sent > len(r.tokens) {
		u.From = 0
	}
	if u.From == 0 && !r.masks {
		seed := r.seed
		u.Seed = &seed
	}
	for k := u.From; k < len(r.tokens); k++ {
		tok := r.tokens[k]
		if r.keep {
			tok = games.MaskTurn(r.states[k], i, tok)
		}
		u.History = append(u.History, tok)
	}
	if !s.full && u.From < len(r.tokens) {
		if ev, ok := view.(games.Evented); ok {
			for _, e := range ev.LastEvents() {
				u.Events = append(u.Events, protocol.Event{Kind: string(e.Kind), Seat: e.Seat, Piece: e.Piece,
					From: e.From, To: e.To, Delay: e.Delay, Value: e.Value, Note: e.Note})
			}
		}
	}
	if p, ok := r.picks[i]; ok {
		u.Picked = r.st.MoveString(i, p)
	} else if !o.Over() && r.started() && !s.botPlays() && contains(u.ToMove, i) {
		for _, m := range view.Legal(i) {
			u.Legal = append(u.Legal, view.MoveString(i, m))
		}
		sort.Strings(u.Legal)
		u.Deadline = s.deadline
	}
	return u
}

// record is the whole game as a save holds it, hidden picks and all.
func (r *Referee) record() *games.Record {
	return &games.Record{Format: games.SaveFormat, Version: games.SaveVersion, Game: r.game.ID(), Rules: r.rules,
		Seed: r.seed, Seats: r.start, Moves: append([]string{}, r.tokens...), Ending: r.ending}
}

// ---- storage ----

// snapshot is what Snapshot stores: enough to go on exactly where the
// match was, except who is connected and what bots were thinking.
type snapshot struct {
	V        int            `json:"v"`
	Code     string         `json:"code"`
	TickRate int            `json:"tickRate"`
	Record   *games.Record  `json:"record"`
	Seats    []*seat        `json:"seats"`
	Picks    map[int]string `json:"picks,omitempty"` // the secret picks of the turn now running
	Deadline map[int]int    `json:"deadline,omitempty"`
	SoloQuit bool           `json:"soloQuit,omitempty"`
	// Plan is the rest of an arena bot's turn being played action by
	// action, so a restart plays on the same turn rather than a new plan.
	Plan     []string `json:"plan,omitempty"`
	PlanSeat int      `json:"planSeat,omitempty"`
	// Hints: the room allows hints (absent in matches stored before there
	// was such a setting: no hints).
	Hints bool `json:"hints,omitempty"`
}

const snapshotVersion = 1

// Snapshot is the whole match as JSON for storage: the record with the
// hidden picks, the seat bindings, the code and the tick rate.
func (r *Referee) Snapshot() ([]byte, error) {
	s := snapshot{V: snapshotVersion, Code: r.code, TickRate: r.tickRate, Record: r.record(), Seats: r.seats,
		Picks: map[int]string{}, Deadline: map[int]int{}, SoloQuit: r.soloQuit, Plan: r.plan, PlanSeat: r.planSeat, Hints: r.hints}
	for i, m := range r.picks {
		s.Picks[i] = r.st.MoveString(i, m)
	}
	for i, st := range r.seats {
		if st.deadline > 0 {
			s.Deadline[i] = st.deadline
		}
	}
	data, err := json.Marshal(&s)
	if err != nil {
		return nil, err
	}
	r.changed = false
	return data, nil
}

// Restore makes a match again from Snapshot's bytes: the same game at the
// same point, the same seat bindings (nobody connected), the same secret
// picks and the rest of a bot's planned arena turn. Bots that were
// thinking start afresh (they are pure functions of the position and
// their seed, so they choose the same).
func Restore(data []byte) (*Referee, error) {
	var s snapshot
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("the stored match is not readable: %v", err)
	}
	if s.V != snapshotVersion || s.Record == nil {
		return nil, fmt.Errorf("the stored match has version %d; this server reads version %d", s.V, snapshotVersion)
	}
	g, ok := games.Lookup(s.Record.Game)
	if !ok {
		return nil, fmt.Errorf("the stored match is of a game this server does not know (%q)", s.Record.Game)
	}
	rules, err := games.ValidateSavedRules(g.RuleSpecs(), s.Record.Rules)
	if err != nil {
		return nil, err
	}
	if s.TickRate < 1 {
		return nil, errors.New("the stored match has no tick rate")
	}
	if len(s.Seats) != games.SeatCount(g, rules) || len(s.Record.Seats) != len(s.Seats) {
		return nil, errors.New("the stored match's seats do not fit its game")
	}
	for _, st := range s.Seats {
		if st == nil {
			return nil, errors.New("the stored match has an empty seat")
		}
	}
	r := &Referee{code: s.Code, tickRate: s.TickRate, game: g, rules: rules, seed: s.Record.Seed,
		start: s.Record.Seats, seats: s.Seats, ending: s.Record.Ending, soloQuit: s.SoloQuit, hints: s.Hints}
	if err := r.begin(s.Record.Moves); err != nil {
		return nil, fmt.Errorf("the stored match cannot be replayed: %w", err)
	}
	if r.ending != nil {
		if err := r.ending.Check(r.st); err != nil {
			return nil, err
		}
	}
	for i, tok := range s.Picks {
		if i < 0 || i >= len(r.seats) || !contains(r.st.ToMove(), i) {
			return nil, fmt.Errorf("the stored match has a pick for seat %d, which does not pick now", i+1)
		}
		m, err := r.st.ParseMove(i, tok)
		if err != nil {
			return nil, fmt.Errorf("the stored match's pick for seat %d: %w", i+1, err)
		}
		r.picks[i] = m
	}
	r.plan, r.planSeat = s.Plan, s.PlanSeat
	r.armTimers()
	for i, d := range s.Deadline {
		if i >= 0 && i < len(r.seats) && r.seats[i].deadline > 0 && d > 0 && d < r.seats[i].deadline {
			r.seats[i].deadline = d
		}
	}
	r.startBots()
	return r, nil
}

// Changed reports whether something worth storing happened since the
// last Snapshot.
func (r *Referee) Changed() bool { return r.changed }

// ---- what the RPCs answer ----

// Invitation is the match as the RPCs answer it to userID: the code, the
// game, that user's seat (-1 if none) and the seats. MatchID is the
// host's to fill in.
func (r *Referee) Invitation(userID string) protocol.Invitation {
	return protocol.Invitation{V: protocol.Version, Code: r.code, Game: r.game.ID(), Seat: r.seatOf(userID), Seats: r.Seats(), Hints: r.hints}
}

// Code is the invitation code.
func (r *Referee) Code() string { return r.code }

// Game is the game id.
func (r *Referee) Game() string { return r.game.ID() }

// TickRate is the host loop's ticks per second.
func (r *Referee) TickRate() int { return r.tickRate }

// Seats is every seat as every seat sees it.
func (r *Referee) Seats() []protocol.SeatState {
	out := make([]protocol.SeatState, len(r.seats))
	for i, s := range r.seats {
		out[i] = protocol.SeatState{Name: s.Name, Character: r.character(i), Resigned: s.Resigned,
			Joined: s.Kind == "bot" || s.User != "", Connected: s.Kind == "bot" || s.connected}
		if s.botPlays() {
			out[i].Bot = s.Bot
		}
		_, out[i].Picked = r.picks[i]
	}
	return out
}

// character is arena's character of a seat, from the rules.
func (r *Referee) character(i int) string {
	if r.game.ID() != arenaID || i > 1 {
		return ""
	}
	return r.rules.String([]string{arena.RuleP1, arena.RuleP2}[i])
}

// botTime caps a bot's thinking as the app does (ui/session/bots.go).
const botTime = 10 * time.Second

// arenaID is arena's game id: its characters are house rules, one per seat.
const arenaID = "arena"
