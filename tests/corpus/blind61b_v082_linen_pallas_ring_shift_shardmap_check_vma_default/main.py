import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import NamedSharding, PartitionSpec as P

from ops import ring_shift


class TokenShiftMix(nn.Module):
  """RWKV-style token shift across sequence shards: mix each chunk with the previous one."""
  axis_name: str

  @nn.compact
  def __call__(self, x):
    mu = self.param("mu", nn.initializers.constant(0.5), (x.shape[-1],))
    prev = ring_shift(x, self.axis_name)
    return nn.Dense(x.shape[-1])(mu * x + (1.0 - mu) * prev)


mesh = jax.make_mesh((4,), ("sp",))
model = TokenShiftMix(axis_name="sp")

forward = jax.jit(
    jax.shard_map(model.apply, mesh=mesh, in_specs=(P(), P("sp")),
                  out_specs=P("sp")))


def main():
  x = jax.ShapeDtypeStruct((4 * 16, 256), jnp.float32,
                           sharding=NamedSharding(mesh, P("sp")))
  init = jax.shard_map(model.init, mesh=mesh, in_specs=(P(), P("sp")),
                       out_specs=P(), check_vma=False)
  variables = jax.eval_shape(init, jax.random.key(0), x)
  forward.trace(variables, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
