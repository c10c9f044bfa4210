import jax as jx
from jax import lax
from jax.sharding import PartitionSpec as PS

P = "not a partition spec"


def total(v):
    return lax.psum(v, "data")


def run(v):
    return jx.jit(total)(v)


if __name__ == "__main__":
    run(jx.numpy.ones(4))
