"""A Linen ConvNet whose BatchNorm averages over axis_name='batch'; evaluation with the running
averages (train=False) under jax.jit."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P


class ConvNet(nn.Module):
  @nn.compact
  def __call__(self, x, train: bool = True):
    x = nn.Conv(16, (3, 3))(x)
    x = nn.BatchNorm(use_running_average=not train, axis_name='batch')(x)
    x = nn.relu(x).mean(axis=(1, 2))
    return nn.Dense(10)(x)


model = ConvNet()
images = jnp.ones((16, 8, 8, 3))
variables = jax.eval_shape(jax.vmap(model.init, in_axes=(None, 0), axis_name='batch'),
                           jax.random.key(0), images[:, None])


single = jax.tree.map(lambda v: jax.ShapeDtypeStruct(v.shape[1:], v.dtype), variables)


@jax.jit
def evaluate(variables, images):
  return model.apply(variables, images, train=False)


evaluate.trace(single, images).lower(lowering_platforms=("cuda",))
