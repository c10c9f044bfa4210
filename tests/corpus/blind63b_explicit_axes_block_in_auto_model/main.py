"""An Auto-sharded model (with_sharding_constraint) that calls one block written in the
explicit-sharding style through jax.sharding.explicit_axes; the block scans over layers."""

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P, explicit_axes, reshard

mesh = jax.make_mesh((2, 2), ("X", "Y"), axis_types=(AxisType.Auto, AxisType.Auto))


def explicit_ffn_stack(h, w1s, w2s):
  # types carry shardings here: h P('X', None), w1s P(None, None, 'Y'), w2s P(None, 'Y', None)
  def layer(h, ws):
    w1, w2 = ws
    u = jax.nn.gelu(jnp.dot(h, w1))                       # P('X', 'Y')
    return h + jnp.dot(u, w2, out_sharding=P("X", None)), None

  h, _ = lax.scan(layer, h, (w1s, w2s))
  return reshard(h, P("X", "Y"))


ffn = explicit_axes(explicit_ffn_stack,
                    in_sharding=(P("X", None), P(None, None, "Y"), P(None, "Y", None)))


@jax.jit
def model(x, w1s, w2s):
  h = jax.lax.with_sharding_constraint(jnp.tanh(x), NamedSharding(mesh, P("X", None)))
  h = ffn(h, w1s, w2s)
  return jnp.sum(h ** 2, axis=-1)


if __name__ == "__main__":
  with jax.set_mesh(mesh):
    x = jax.ShapeDtypeStruct((16, 64), jnp.float32)
    w1s = jax.ShapeDtypeStruct((3, 64, 256), jnp.float32)
    w2s = jax.ShapeDtypeStruct((3, 256, 64), jnp.float32)
    model.trace(x, w1s, w2s).lower(lowering_platforms=("tpu",))
