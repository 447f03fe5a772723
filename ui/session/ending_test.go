package session

import (
	"errors"
	"strings"
	"testing"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/games"
)

// loaded replays a tic-tac-toe record of the moves into a session, Ana (X)
// against a bot (O), or against Ben at the same device.
func loaded(t *testing.T, h *harness, moves string, against games.SeatInfo) *Session {
	t.Helper()
	rec := &games.Record{Game: "classic", Seed: 1, Seats: []games.SeatInfo{human("Ana"), against}, Moves: strings.Fields(moves)}
	s, err := FromRecord(rec, h.options(botsBy(map[string]ai.Bot{"quick": &scripted{}})))
	if err != nil {
		t.Fatal(err)
	}
	s.BotDelay = 0
	return s
}

// changes records what the session publishes.
func changes(s *Session) *[]Change {
	var got []Change
	s.Subscribe(func(c Change) { got = append(got, c) })
	return &got
}

func TestResignEndsTheGameForTheOtherSeat(t *testing.T) {
	h := newHarness(t)
	s := loaded(t, h, "b2 a1", bot("quick"))
	got := changes(s)
	if err := s.Resign(1); err == nil {
		t.Error("the bot's seat was resigned by the person")
	}
	if err := s.Resign(0); err != nil {
		t.Fatal(err)
	}
	out := s.Outcome()
	if out.Status != games.Win || len(out.Winners) != 1 || out.Winners[0] != 1 {
		t.Fatalf("after Ana resigned: %+v", out)
	}
	if e := s.Ending(); e == nil || e.By != games.EndResigned || e.Seat != 0 {
		t.Errorf("ending %+v", e)
	}
	if e := s.Record().Ending; e == nil || *e != (games.Ending{By: games.EndResigned, Seat: 0}) {
		t.Errorf("the record's ending is %+v", e)
	}
	if n := len(*got); n != 1 || !(*got)[0].Ended || !(*got)[0].Finished || !(*got)[0].Played() {
		t.Errorf("published %+v, want one change that ends the game and is saved", *got)
	}
	if !errors.Is(s.WhyNot(), games.ErrGameOver) || s.WhyNoEnding() == nil {
		t.Errorf("after resigning a person may still act: %v, %v", s.WhyNot(), s.WhyNoEnding())
	}
	if err := s.Submit("c3"); err == nil {
		t.Error("a move was played after the game was resigned")
	}
	if f := s.Frame(); !f.Over() || f.Ending == nil {
		t.Errorf("the frame does not show the game over: %+v", f.Ending)
	}
	if s.Plies() != 2 {
		t.Errorf("resigning played or took back tokens: %d", s.Plies())
	}
	if s.HumanToMove() != -1 || s.Frame().Acting != -1 {
		t.Errorf("after resigning seat %d may still act", s.HumanToMove())
	}
}

// In knights two people pick at once: after one resigns nobody picks, no
// hand-over shows, and nothing is pending.
func TestResignInASimultaneousGame(t *testing.T) {
	h := newHarness(t)
	g, _ := games.Lookup("knights")
	s, err := New(g, games.Defaults(g.RuleSpecs()), 1, []games.SeatInfo{human("Ana"), human("Ben")}, nil, h.options(nil))
	if err != nil {
		t.Fatal(err)
	}
	seat := s.HumanToMove()
	if err := s.Resign(seat); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.HandOver(); ok || s.HumanToMove() >= 0 || len(s.Pending()) > 0 {
		t.Errorf("after resigning: hand-over %v, to move %d, pending %v", ok, s.HumanToMove(), s.Pending())
	}
	if out := s.Outcome(); out.Status != games.Win || out.Winners[0] != 1-seat {
		t.Errorf("outcome %+v", out)
	}
}

func TestBotAcceptsADrawWhenItIsBehind(t *testing.T) {
	h := newHarness(t)
	// X (Ana) has b2 and a1, O has blocked at a2 and c3: O is worse off.
	s := loaded(t, h, "b2 a2 a1 c3", bot("quick"))
	if err := s.OfferDraw(0); err != nil {
		t.Fatal(err)
	}
	if s.DrawOffer() != 0 || s.WhyNoOffer() == nil {
		t.Errorf("while the offer waits: offer %d, another offer refused: %v", s.DrawOffer(), s.WhyNoOffer())
	}
	h.until(func() bool { return s.Outcome().Over() })
	if out := s.Outcome(); out.Status != games.Draw {
		t.Errorf("outcome %+v, want a draw", out)
	}
	if e := s.Record().Ending; e == nil || e.By != games.EndAgreed {
		t.Errorf("ending %+v", e)
	}
	if s.Plies() != 4 {
		t.Errorf("the bot moved as well as answering: %d tokens", s.Plies())
	}
}

func TestBotDeclinesADrawWhenItIsAhead(t *testing.T) {
	h := newHarness(t)
	// O (the bot) has b2 and a1 and threatens c3; X is to move.
	s := loaded(t, h, "a2 b2 c2 a1", bot("quick"))
	got := changes(s)
	if err := s.OfferDraw(0); err != nil {
		t.Fatal(err)
	}
	h.until(func() bool { return len(*got) > 0 && (*got)[len(*got)-1].DrawDeclined })
	if s.Outcome().Over() || s.Ending() != nil || s.DrawOffer() != -1 {
		t.Errorf("after a refusal: outcome %+v, ending %+v, offer %d", s.Outcome(), s.Ending(), s.DrawOffer())
	}
	if c := (*got)[len(*got)-1]; c.BotSeat != 1 || c.Played() {
		t.Errorf("the refusal %+v: wrong seat, or saved as a move", c)
	}
	if s.HumanToMove() != 0 || s.WhyNoOffer() != nil {
		t.Errorf("Ana cannot play on or offer again: to move %d, %v", s.HumanToMove(), s.WhyNoOffer())
	}
}

// A move made while the bot thinks about the offer withdraws it.
func TestAMoveWithdrawsTheOffer(t *testing.T) {
	h := newHarness(t)
	s := loaded(t, h, "b2 a2 a1 c3", bot("quick"))
	if err := s.OfferDraw(0); err != nil {
		t.Fatal(err)
	}
	if err := s.Submit("c1"); err != nil {
		t.Fatal(err)
	}
	if s.DrawOffer() != -1 {
		t.Error("the offer still stands after a move")
	}
	h.until(func() bool { return s.Plies() == 6 })
	if s.Ending() != nil {
		t.Errorf("the withdrawn offer was accepted: %+v", s.Ending())
	}
}

// Two people at one device: the one not to move answers.
func TestAPersonHereAnswersTheOffer(t *testing.T) {
	h := newHarness(t)
	s := loaded(t, h, "b2", human("Ben"))
	if err := s.AnswerDraw(true); err == nil {
		t.Error("an answer with no offer was taken")
	}
	if err := s.OfferDraw(1); err != nil { // Ben is to move
		t.Fatal(err)
	}
	if s.DrawOffer() != 1 {
		t.Fatalf("offer %d", s.DrawOffer())
	}
	if err := s.AnswerDraw(false); err != nil {
		t.Fatal(err)
	}
	if s.Outcome().Over() || s.HumanToMove() != 1 {
		t.Fatalf("declined, the game should go on with Ben to move: %+v", s.Outcome())
	}
	s.OfferDraw(1)
	s.AnswerDraw(true)
	if s.Outcome().Status != games.Draw {
		t.Errorf("accepted: %+v", s.Outcome())
	}
}

func TestUndoTakesBackTheEndingFirstAndRedoPlaysItAgain(t *testing.T) {
	h := newHarness(t)
	s := loaded(t, h, "b2 a1", bot("quick"))
	s.Resign(0)
	if !s.CanUndo() {
		t.Fatal("a resignation cannot be taken back")
	}
	if err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if s.Outcome().Over() || s.Ending() != nil || s.Plies() != 2 || s.HumanToMove() != 0 {
		t.Fatalf("after undo: %+v, %d tokens, to move %d", s.Outcome(), s.Plies(), s.HumanToMove())
	}
	if s.Record().Ending != nil {
		t.Error("the record keeps the ending that was taken back")
	}
	s.Redo()
	if e := s.Ending(); e == nil || e.By != games.EndResigned || s.Plies() != 2 {
		t.Fatalf("redo gave ending %+v and %d tokens", e, s.Plies())
	}
	// Two undos: the ending, then Ana's move and the bot's answer.
	s.Undo()
	s.Undo()
	if s.Plies() != 0 || s.Ending() != nil {
		t.Fatalf("after two undos: %d tokens, ending %+v", s.Plies(), s.Ending())
	}
	s.Redo()
	s.Redo()
	if s.Plies() != 2 || s.Ending() == nil {
		t.Errorf("after two redos: %d tokens, ending %+v", s.Plies(), s.Ending())
	}
	// A new move after undo drops the ending from redo.
	s.Undo()
	s.Submit("c3")
	if s.CanRedo() {
		t.Error("redo still offers the resignation after a new move")
	}
}

func TestEndingSurvivesTheAutosave(t *testing.T) {
	for _, e := range []games.Ending{{By: games.EndResigned, Seat: 0}, {By: games.EndAgreed}} {
		h := newHarness(t)
		s := loaded(t, h, "b2 a1", human("Ben"))
		if e.By == games.EndResigned {
			s.Resign(0)
		} else {
			s.OfferDraw(0)
			s.AnswerDraw(true)
		}
		data, err := games.EncodeRecord(s.Record())
		if err != nil {
			t.Fatal(err)
		}
		rec, err := games.DecodeRecord(data)
		if err != nil {
			t.Fatal(err)
		}
		back, err := FromRecord(rec, h.options(nil))
		if err != nil {
			t.Fatal(err)
		}
		got := changes(back)
		if b := back.Ending(); b == nil || *b != e {
			t.Errorf("saved %+v, loaded %+v", e, b)
		}
		if back.Outcome().Status != s.Outcome().Status || back.WhyNot() == nil {
			t.Errorf("loaded: %+v, may act: %v", back.Outcome(), back.WhyNot())
		}
		back.Undo()
		back.Redo()
		for _, c := range *got {
			if c.Finished {
				t.Error("a loaded finished game was told finished again (counted twice)")
			}
		}
	}
}

// A save whose ending cannot follow its position is refused in words.
func TestFromRecordRefusesABadEnding(t *testing.T) {
	h := newHarness(t)
	for _, c := range []struct {
		rec  *games.Record
		want string
	}{
		{&games.Record{Game: "classic", Seed: 1, Moves: strings.Fields("a1 a2 b1 b2 c1"), Ending: &games.Ending{By: games.EndResigned, Seat: 1}}, "already ended"},
		{&games.Record{Game: "revenge", Rules: map[string]any{"players": 3}, Seed: 1, Moves: []string{}, Ending: &games.Ending{By: games.EndAgreed}}, "two-player"},
	} {
		if _, err := FromRecord(c.rec, h.options(nil)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.rec.Ending, err, c.want)
		}
	}
}

// Three or more seats: neither a resignation nor a draw.
func TestNoEndingWithMoreThanTwoSeats(t *testing.T) {
	h := newHarness(t)
	s := toySession(t, h, []games.SeatInfo{human("Ana"), human("Ben"), human("Cy")}, nil)
	if s.WhyNoEnding() == nil || s.Resign(s.HumanToMove()) == nil || s.OfferDraw(s.HumanToMove()) == nil {
		t.Error("a three-player game can be resigned or drawn")
	}
	if s.Outcome().Over() {
		t.Error("a refused ending ended the game")
	}
}

// Against a person on another device a draw cannot be offered yet (the
// offer is not carried there); a resignation can, and, as a move, it is
// not taken back.
func TestEndingsAgainstAnotherDevice(t *testing.T) {
	h := newHarness(t)
	g, _ := games.Lookup("checkerboard")
	o := h.options(nil)
	o.Remote = []int{1}
	s, err := New(g, games.Defaults(g.RuleSpecs()), 1, []games.SeatInfo{human("Ana"), human("Ben")}, nil, o)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.OfferDraw(0); err == nil || !strings.Contains(err.Error(), "another device") {
		t.Errorf("an offer to another device: %v", err)
	}
	if err := s.Resign(0); err != nil {
		t.Fatal(err)
	}
	if err := s.Undo(); err == nil || s.Ending() == nil {
		t.Errorf("a resignation seen on another device was taken back: %v", err)
	}
}
