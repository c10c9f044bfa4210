import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax import lax
from jax.sharding import AxisType, PartitionSpec as P


class AttnBlock(eqx.Module):
  norm: eqx.nn.LayerNorm
  attn: eqx.nn.MultiheadAttention

  def __init__(self, dim, heads, key):
    self.norm = eqx.nn.LayerNorm(dim)
    self.attn = eqx.nn.MultiheadAttention(heads, dim, key=key)

  def __call__(self, x_block, seq_axis):
    h = jax.vmap(self.norm)(x_block)
    kv = lax.all_gather(h, seq_axis, axis=0, tiled=True)
    return x_block + self.attn(h, kv, kv)


def main():
  mesh = jax.make_mesh((4,), ("seq",), axis_types=(AxisType.Auto,))
  block = AttnBlock(32, 4, jr.key(0))
  params, static = eqx.partition(block, eqx.is_array)

  @jax.jit
  def forward(params, x):
    def per_device(params, x):
      return eqx.combine(params, static)(x, "seq")

    return jax.shard_map(per_device, mesh=mesh, in_specs=(P(), P("seq", None)),
                         out_specs=P("seq", None))(params, x)

  forward.trace(params, jnp.ones((64, 32))).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
