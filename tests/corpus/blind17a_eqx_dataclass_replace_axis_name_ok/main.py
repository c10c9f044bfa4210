import dataclasses

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


class CenteredLinear(eqx.Module):
  weight: jax.Array
  axis_name: str = eqx.field(static=True, default="batch")

  def __call__(self, x):
    y = x @ self.weight
    return y - jax.lax.pmean(y.mean(0), self.axis_name)


model = CenteredLinear(jnp.ones((8, 4)))
model = dataclasses.replace(model, axis_name="dp")
mesh = Mesh(np.array(jax.devices()), ("dp",))


@eqx.filter_jit
def run(model, x):
  return jax.shard_map(lambda m, x: m(x), mesh=mesh, in_specs=(P(), P("dp")),
                       out_specs=P("dp"))(model, x)


jax.jit(lambda m, x: run(m, x)).trace(model, jnp.ones((16, 8))).lower(lowering_platforms=("cuda",))
