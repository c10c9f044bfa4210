import jax
import jax.numpy as jnp

from mylib.train import make_eval

mesh = jax.make_mesh((4,), ('batch',))
params = {'w': jnp.zeros((16, 10)), 'b': jnp.zeros((10,))}
x = jnp.ones((64, 16))
labels = jnp.zeros((64,), jnp.int32)
make_eval(mesh).trace(params, x, labels).lower(lowering_platforms=('cuda',))
