import jax
from jax.experimental.pallas import tpu as pltpu


def spec():
    return pltpu.TPUMemorySpace.ANY


if __name__ == "__main__":
    print(spec())
