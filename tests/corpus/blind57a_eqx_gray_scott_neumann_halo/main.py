from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
import numpy as np

from reaction import GrayScott

N_DEV = 4
mesh = Mesh(np.array(jax.devices()), ("cells",))
model = GrayScott(du=0.16, dv=0.08, feed=0.035, kill=0.065, axis_name="cells", n_dev=N_DEV)


def integrate_local(model, u, v, n_steps, dt):
  def body(_, uv):
    return model(*uv, dt)
  return jax.lax.fori_loop(0, n_steps, body, (u, v))


@partial(jax.jit, static_argnums=(3,))
def integrate(model, u, v, n_steps):
  fn = shard_map(partial(integrate_local, n_steps=n_steps, dt=1.0), mesh=mesh,
                 in_specs=(P(), P("cells"), P("cells")), out_specs=(P("cells"), P("cells")))
  return fn(model, u, v)


if __name__ == "__main__":
  field = NamedSharding(mesh, P("cells"))
  u = jax.ShapeDtypeStruct((8192,), jnp.float32, sharding=field)
  integrate.trace(model, u, u, 2000).lower(lowering_platforms=("cuda",))
