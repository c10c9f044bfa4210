import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from mylib.model import Ensemble

mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Auto,))
model = Ensemble(size=5, features=3)
x = jnp.ones((16, 8))
variables = jax.eval_shape(model.init, jax.random.key(0), x)


@jax.jit
def predict(variables, x):
  each, mean = model.apply(variables, x)
  return jnp.var(each, axis=0), mean


x = jax.device_put(x, NamedSharding(mesh, P('data')))
predict.trace(variables, x).lower(lowering_platforms=('cuda',))
