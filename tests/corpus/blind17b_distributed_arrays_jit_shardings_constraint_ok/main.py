import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from mylib.model import init_model, make_predict

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('x', 'y'))
predict = make_predict(mesh)


def loss(params, batch):
  inputs, targets = batch
  predictions = predict(params, inputs)
  return jnp.mean(jnp.sum((predictions - targets) ** 2, axis=-1))


params = init_model(jax.random.key(0), [784, 512, 512, 8])
batch = (jnp.ones((128, 784)), jnp.ones((128, 8)))

replicated = NamedSharding(mesh, P())
params = jax.device_put(params, replicated)
batch = jax.device_put(batch, NamedSharding(mesh, P('x')))

gradfun = jax.jit(jax.grad(loss), out_shardings=replicated)
gradfun.trace(params, batch).lower(lowering_platforms=('cuda',))
