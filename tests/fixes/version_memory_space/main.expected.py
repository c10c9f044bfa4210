import jax
from jax.experimental.pallas import tpu as pltpu
from jax.experimental import pallas as pl


def spec():
    return pl.ANY


if __name__ == "__main__":
    print(spec())
