import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from tplib import ColumnParallelDense

mesh = Mesh(np.array(jax.devices()), ('model',))


class Net(nn.Module):
  @nn.compact
  def __call__(self, x):
    return ColumnParallelDense(16)(nn.relu(nn.Dense(16)(x))).sum(-1)


net = Net()
x = jnp.ones((8, 4))
params = net.init(jax.random.key(0), x)


@jax.jit
def loss_and_grad(params, x):
  return jax.value_and_grad(lambda p: jnp.mean(net.apply(p, x) ** 2))(params)


x = jax.device_put(x, NamedSharding(mesh, P()))
loss_and_grad.trace(params, x).lower(lowering_platforms=('cuda',))
print('ok')
