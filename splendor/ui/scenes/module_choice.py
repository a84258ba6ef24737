"""Overlays for the Cities of Splendor decisions made by choosing a picture: the city to
take, the trading post to claim, the colour an Orient card is paired with, the free card,
the noble to keep aside and the conquest offered (see `picture_choice`). Each opens for
the human whose step it is and closes once the choice is played."""

from __future__ import annotations

import functools
from collections.abc import Callable

import pygame

from splendor.engine import Action, Buy, Card, View, default_payment
from splendor.engine.actions import (
    ChooseCity,
    ChoosePost,
    Conquer,
    Decline,
    Pair,
    ReserveNoble,
    TakeFree,
)
from splendor.engine.components import City, TradingPost
from splendor.engine.module_rules import sacrifice_options
from splendor.i18n import tr
from splendor.session.table_session import TableSession
from splendor.ui import art
from splendor.ui.scenes.picture_choice import (
    Option,
    PictureChoiceScene,
    choice,
    partial_picture,
)
from splendor.ui.wording import color_name, post_power_text


def _step_arg(view: View) -> object:
    return view.step[1] if view.step is not None else None


class CityChoiceScene(PictureChoiceScene):
    """Several cities' requirements are met at the end of the turn: one is taken."""

    title_key = "decide.city.title"
    ratio = 80 / 110
    tile_width = 210.0
    min_tile_width = 120.0

    def explain(self) -> str:
        return tr("decide.city.explain")

    def options(self) -> list[Option]:
        cities = [c for c in self.session.view().choices if isinstance(c, City)]
        return [choice(partial_picture(art.city_surface, city), self, ChooseCity(city.id))
                for city in cities]


class PostChoiceScene(PictureChoiceScene):
    """Several trading posts' requirements are met: one is claimed this turn."""

    title_key = "decide.post.title"
    ratio = 1.25
    tile_width = 130.0
    min_tile_width = 80.0
    gap = 30.0

    def explain(self) -> str:
        return tr("decide.post.explain")

    def options(self) -> list[Option]:
        view = self.session.view()
        colours = art.seat_colours(view.num_players)
        options = []
        for post in (p for p in view.choices if isinstance(p, TradingPost)):
            holders = {post.id: tuple(p.seat for p in view.players if post.id in p.posts)}

            def picture(size: tuple[int, int], post: TradingPost = post,
                        holders: dict[int, tuple[int, ...]] = holders) -> pygame.Surface:
                return art.posts_board_surface([post], holders, size, colours)

            caption = tr("decide.post.caption", number=post.id) + "\n" \
                + post_power_text(post.power)
            options.append(choice(picture, self, ChoosePost(post.id), caption))
        return options


class PairChoiceScene(PictureChoiceScene):
    """The Orient card just gained takes the colour of one of the player's cards: one
    option per colour (which card of that colour makes no difference to the game)."""

    title_key = "decide.pair.title"
    tile_width = 110.0

    def explain(self) -> str:
        return tr("decide.pair.explain")

    def options(self) -> list[Option]:
        view = self.session.view()
        cards = self.session.data.card_by_id
        by_colour: dict[int, list[Card]] = {}
        for action in view.legal_actions:
            if isinstance(action, Pair):
                card = cards[action.card_id]
                by_colour.setdefault(card.bonus, []).append(card)
        options = []
        for colour in sorted(by_colour):
            group = by_colour[colour]
            # Shown: a plain card of the colour when there is one.
            shown = min(group, key=lambda c: (c.orient, c.bonus_count, c.points, c.id))
            caption = tr("decide.pair.caption", len(group), color=color_name(colour))
            options.append(choice(partial_picture(art.card_surface, shown), self,
                                  Pair(shown.id), caption))
        return options

    def same_choice(self, shown: Action, action: Action) -> bool:
        # An option stands for every card of its colour.
        cards = self.session.data.card_by_id
        return isinstance(shown, Pair) and isinstance(action, Pair) \
            and cards[shown.card_id].bonus == cards[action.card_id].bonus


class FreeCardScene(PictureChoiceScene):
    """An Orient ability gives one face-up card of a level for free."""

    title_key = "decide.free.title"
    tile_width = 120.0

    def explain(self) -> str:
        return tr("decide.free.explain", level=_step_arg(self.session.view()))

    def options(self) -> list[Option]:
        cards = self.session.data.card_by_id
        return [choice(partial_picture(art.card_surface, cards[a.card_id]), self, a)
                for a in self.session.view().legal_actions if isinstance(a, TakeFree)]


class KeepNobleScene(PictureChoiceScene):
    """An Orient ability takes a noble off the table and keeps it aside for the player."""

    title_key = "decide.keep_noble.title"
    ratio = 1.0
    tile_width = 120.0

    def explain(self) -> str:
        return tr("decide.keep_noble.explain")

    def options(self) -> list[Option]:
        nobles = self.session.data.noble_by_id
        return [choice(partial_picture(art.noble_surface, nobles[a.noble_id]), self, a)
                for a in self.session.view().legal_actions if isinstance(a, ReserveNoble)]


class ConquestScene(PictureChoiceScene):
    """The player's three strongholds stand on one card they can pay for: buy it now
    (Conquer) or not (Decline). The card is shown with what it would cost."""

    title_key = "decide.conquest.title"
    tile_width = 130.0
    box_size = (560, 160)

    def _card(self) -> Card | None:
        arg = _step_arg(self.session.view())
        return self.session.data.card_by_id.get(arg) if isinstance(arg, str) else None

    def explain(self) -> str:
        return tr("decide.conquest.explain")

    def options(self) -> list[Option]:
        card = self._card()
        if card is None:
            return []
        me = self.session.view().me
        pay = default_payment(list(me.tokens), list(me.bonuses), card)
        caption = tr("decide.conquest.pay") if any(pay) else tr("decide.conquest.free")
        return [Option(partial_picture(art.card_surface, card), None, caption, tokens=pay)]

    def buttons(self) -> list[tuple[str, Callable[[], object], bool]]:
        card = self._card()
        conquer = Conquer(card.id) if card is not None else None
        return [(tr("decide.conquest.decline"), lambda: self.play(Decline()), True),
                (tr("decide.conquest.conquer"),
                 lambda: self.play(conquer) if conquer else None, conquer is not None)]

    def hinted_button(self, action: Action) -> str | None:
        if isinstance(action, Decline):
            return tr("decide.conquest.decline")
        if isinstance(action, Conquer):
            return tr("decide.conquest.conquer")
        return None


class SacrificeScene(PictureChoiceScene):
    """Buying a sacrifice card: the purchased cards that may be given up, those of the
    engine's first choice marked; a click marks or unmarks a card, *Give up and buy*
    plays the purchase with the marked cards (the engine says why a set will not do),
    Cancel or Escape closes without buying."""

    title_key = "decide.sacrifice.title"
    tile_width = 100.0
    min_tile_width = 56.0
    gap = 14.0

    def __init__(self, session: TableSession, card_id: str) -> None:
        super().__init__(session)
        self.card = session.data.card_by_id[card_id]
        me = session.view().me
        pairs = {card: colour for card, _, colour in me.pairs}
        self.choices = sacrifice_options(me.purchased, pairs, self.card)
        given = {c for option in self.choices for c in option}
        #: The cards that may be given up, in the order bought.
        self.candidates = [c for c in me.purchased if c.id in given]
        #: The cards marked to give up (the engine's first choice to begin with).
        self.marked: set[str] = set(self.choices[0]) if self.choices else set()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        return super().handle_event(event)

    def state_key(self) -> tuple[object, ...]:
        return tuple(sorted(self.marked))

    def explain(self) -> str:
        colour = self.card.discard_colour if self.card.discard_colour is not None else 0
        return tr("decide.sacrifice.explain", self.card.discard_count,
                  color=color_name(colour))

    def toggle(self, card_id: str) -> None:
        """Mark `card_id` to give up, or unmark it."""
        self.marked ^= {card_id}
        self.refusal = None
        self.relayout()

    def options(self) -> list[Option]:
        return [Option(partial_picture(art.card_surface, card),
                       functools.partial(self.toggle, card.id),
                       tr("decide.sacrifice.given") if card.id in self.marked else "",
                       marked=card.id in self.marked)
                for card in self.candidates]

    def buttons(self) -> list[tuple[str, Callable[[], object], bool]]:
        return [(tr("decide.sacrifice.cancel"), self.close, True),
                (tr("decide.sacrifice.confirm"), self.confirm, bool(self.marked))]

    def confirm(self) -> None:
        """Buy the card giving up the marked cards."""
        self.play(Buy(self.card.id, discard=tuple(sorted(self.marked))))
