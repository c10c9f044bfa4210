"""A Linen ConvNet whose BatchNorm averages over axis_name='batch', trained under jax.shard_map
over a 'batch' mesh with mutable batch statistics."""
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


mesh = Mesh(jax.devices(), ('batch',))
single = jax.tree.map(lambda v: jax.ShapeDtypeStruct(v.shape[1:], v.dtype), variables)


def loss(params, batch_stats, images):
  logits, updates = model.apply({'params': params, 'batch_stats': batch_stats}, images,
                                mutable=['batch_stats'])
  return jax.lax.pmean(jnp.mean(logits ** 2), 'batch'), updates


@jax.jit
def grads(variables, images):
  return jax.shard_map(jax.grad(loss, has_aux=True), mesh=mesh,
                       in_specs=(P(), P(), P('batch')), out_specs=P(), check_vma=False)(
      variables['params'], variables['batch_stats'], images)


grads.trace(single, images).lower(lowering_platforms=("cuda",))
