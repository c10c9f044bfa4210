import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

from exchange import DATA, MODEL, swap_with_partner

N_MODEL = 2


class PartnerMix(nnx.Module):
  def __init__(self, d, rngs):
    self.mix = nnx.Linear(2 * d, d, rngs=rngs)

  def __call__(self, x):
    other = swap_with_partner(x, N_MODEL)
    return self.mix(jnp.concatenate([x, other], axis=-1))


mesh = jax.make_mesh((2, N_MODEL), (DATA, MODEL), axis_types=(AxisType.Auto, AxisType.Auto))


@nnx.jit
def forward(layer, x):
  @nnx.shard_map(mesh=mesh, in_specs=(P(), P(DATA, MODEL)), out_specs=P(DATA, MODEL))
  def run(layer, x):
    return layer(x)

  return run(layer, x)


def main():
  layer = PartnerMix(128, nnx.Rngs(0))
  x = jnp.ones((32, 256))
  forward.trace(layer, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
