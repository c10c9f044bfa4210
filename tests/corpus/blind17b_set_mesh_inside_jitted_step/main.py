import jax
import jax.numpy as jnp
from jax.sharding import AxisType

from mylib.train import make_step

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto, AxisType.Auto))
step = make_step(mesh)
step.trace(jnp.zeros((16, 8)), jnp.ones((8, 16))).lower(lowering_platforms=('cuda',))
