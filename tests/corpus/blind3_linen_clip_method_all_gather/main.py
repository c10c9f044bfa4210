from functools import partial

import jax
import jax.numpy as jnp
import optax
from jax.sharding import PartitionSpec as P

from clip import TwoTower

mesh = jax.make_mesh((4,), ('batch',), axis_types=(jax.sharding.AxisType.Explicit,))
model = TwoTower(data_axis='batch')
params = model.init(jax.random.key(0), jnp.ones((2, 24)), jnp.ones((2, 20)))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('batch'), P('batch')), out_specs=(P(), P()))
def train_step(params, images, texts):
  def loss_fn(p):
    logits, labels = model.apply(p, images, texts, method=TwoTower.contrastive_logits)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    return jax.lax.pmean(loss, 'batch')

  loss, grads = jax.value_and_grad(loss_fn)(params)
  return loss, jax.lax.pmean(grads, 'batch')


@jax.jit
def embed_images(params, images):
  return model.apply(params, images, method=TwoTower.encode_image)


shard = jax.sharding.NamedSharding(mesh, P('batch'))
images = jax.ShapeDtypeStruct((8, 24), jnp.float32, sharding=shard)
texts = jax.ShapeDtypeStruct((8, 20), jnp.float32, sharding=shard)
train_step.trace(params, images, texts).lower(lowering_platforms=('tpu',))
embed_images.trace(params, images).lower(lowering_platforms=('tpu',))
