"""Reading the environment: the sharding variables, and one clear sentence for each bad value."""

from __future__ import annotations

import pytest

from bot.config import Config, ConfigError, Sharding, parse_sharding


def config(**environ: str) -> Config:
    return Config.from_env({"DISCORD_TOKEN": "token", **environ})


def test_unset_means_one_process_without_sharding():
    assert config().sharding is None
    assert config(SERENISSIMA_SHARDS=" ", SERENISSIMA_SHARD_COUNT="").sharding is None


@pytest.mark.parametrize(
    ("shards", "count", "ids"),
    [
        ("0-3", "16", (0, 1, 2, 3)),
        ("0,2,5", "16", (0, 2, 5)),
        ("12-15", "16", (12, 13, 14, 15)),
        ("7", "8", (7,)),
        (" 4 - 5 , 1 ", "8", (1, 4, 5)),
        ("0-1,1-2", "3", (0, 1, 2)),
        ("", "4", (0, 1, 2, 3)),
    ],
)
def test_a_list_or_range_of_the_count(shards, count, ids):
    assert config(SERENISSIMA_SHARDS=shards, SERENISSIMA_SHARD_COUNT=count).sharding == Sharding(ids, int(count))


@pytest.mark.parametrize(
    ("shards", "count", "said"),
    [
        ("0-3", "", "needs SERENISSIMA_SHARD_COUNT"),
        ("0-16", "16", "names shard 16"),
        ("0,2,16", "16", "the shards are 0-15"),
        ("0-3", "0", "1 or more"),
        ("0-3", "four", "whole number"),
        ("0-3", "-2", "whole number"),
        ("a-b", "16", "0-3 or 0,2,5"),
        ("0-", "16", "0-3 or 0,2,5"),
        ("0,,2", "16", "0-3 or 0,2,5"),
        ("-1", "16", "0-3 or 0,2,5"),
        ("0;1", "16", "0-3 or 0,2,5"),
        ("3-1", "16", "runs backwards"),
    ],
)
def test_bad_values_are_refused_with_one_sentence(shards, count, said):
    with pytest.raises(ConfigError, match=said) as refused:
        parse_sharding(shards, count)
    assert "\n" not in str(refused.value)
