"""big_vision-style contrastive (CLIP) loss with embeddings gathered over all data axes."""
import json
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P

CONFIG = json.loads('{"mesh": {"data": 2, "fsdp": 2}, "batch_axes": ["data", "fsdp"], "temp": 10.0}')


class TwoTower(nn.Module):
  emb: int = 32

  @nn.compact
  def __call__(self, image, text):
    zimg = nn.Dense(self.emb, name='img_head')(image.reshape(image.shape[0], -1))
    ztxt = nn.Dense(self.emb, name='txt_head')(text)
    zimg = zimg / jnp.linalg.norm(zimg, axis=-1, keepdims=True)
    ztxt = ztxt / jnp.linalg.norm(ztxt, axis=-1, keepdims=True)
    return zimg, ztxt


def contrastive_loss(zimg, ztxt, temperature, axes):
  all_txt = jax.lax.all_gather(ztxt, axes, tiled=True)
  logits = zimg @ all_txt.T * temperature
  offset = jax.lax.axis_index(axes) * zimg.shape[0]
  labels = offset + jnp.arange(zimg.shape[0])
  loss = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], 1))
  return jax.lax.pmean(loss, axes)


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), tuple(CONFIG['mesh']))
batch_axes = tuple(CONFIG['batch_axes'])  # hashable axis names
model = TwoTower()
params = model.init(jax.random.PRNGKey(0), jnp.ones((1, 8, 8, 3)), jnp.ones((1, 16)))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(('data', 'fsdp')), P(('data', 'fsdp'))),
         out_specs=P())
def loss_fn(params, images, texts):
  zimg, ztxt = model.apply(params, images, texts)
  return contrastive_loss(zimg, ztxt, CONFIG['temp'], batch_axes)


images, texts = jnp.ones((16, 8, 8, 3)), jnp.ones((16, 16))
print(loss_fn.trace(params, images, texts).lower(lowering_platforms=('cuda',)).as_text()[:10])
