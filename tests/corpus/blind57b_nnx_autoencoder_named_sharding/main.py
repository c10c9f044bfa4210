import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

from ae.train import build, make_train_step

mesh = jax.make_mesh((2, 2), ('data', 'model'))
tx = optax.adam(1e-3)

with jax.set_mesh(mesh):
  graphdef, params, opt_state, shardings = build(mesh, tx)
  step = make_train_step(graphdef, tx, shardings, mesh)
  images = jax.device_put(jnp.ones((8, 32, 32, 3)), NamedSharding(mesh, P('data')))
  step.trace(params, opt_state, images).lower(lowering_platforms=('cuda',))
