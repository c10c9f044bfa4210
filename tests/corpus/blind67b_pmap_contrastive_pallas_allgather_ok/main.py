import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from losses import contrastive_loss

n_dev = jax.local_device_count()
mesh = Mesh(np.array(jax.devices()), ("batch",))


def encode(params, images, texts):
  return images @ params["img_proj"], texts @ params["txt_proj"]


@functools.partial(shard_map, mesh=mesh, in_specs=(P(), P("batch"), P("batch")),
                   out_specs=P(), check_rep=False)
def eval_step(params, images, texts):
  img_emb, txt_emb = encode(params, images, texts)
  loss = contrastive_loss(img_emb, txt_emb, "batch", n_dev)
  return lax.pmean(loss, "batch")


if __name__ == "__main__":
  params = {"img_proj": jax.ShapeDtypeStruct((256, 128), jnp.float32),
            "txt_proj": jax.ShapeDtypeStruct((192, 128), jnp.float32)}
  images = jax.ShapeDtypeStruct((n_dev * 32, 256), jnp.float32)
  texts = jax.ShapeDtypeStruct((n_dev * 32, 192), jnp.float32)
  jax.jit(eval_step).trace(params, images, texts).lower(lowering_platforms=("tpu",))
