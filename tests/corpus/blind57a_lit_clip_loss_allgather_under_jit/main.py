import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from losses import global_contrastive_loss

EMBED = 256


def init_params(key, img_feat=768, txt_feat=512):
  k1, k2 = jax.random.split(key)
  return {
      "img_head": jax.random.normal(k1, (img_feat, EMBED)) / np.sqrt(img_feat),
      "txt_proj": jax.random.normal(k2, (txt_feat, EMBED)) / np.sqrt(txt_feat),
      "log_temp": jnp.log(jnp.asarray(0.07)),
  }


def forward(params, img_features, txt_features):
  # LiT: the image tower is frozen, its features are precomputed; we train the heads only
  zimg = img_features @ params["img_head"]
  ztxt = jnp.tanh(txt_features @ params["txt_proj"])
  return global_contrastive_loss(zimg, ztxt, jnp.exp(params["log_temp"]))


optimizer = optax.adam(1e-3)


def update(params, opt_state, img_features, txt_features):
  loss, grads = jax.value_and_grad(forward)(params, img_features, txt_features)
  updates, opt_state = optimizer.update(grads, opt_state)
  return optax.apply_updates(params, updates), opt_state, loss


if __name__ == "__main__":
  mesh = Mesh(np.array(jax.devices()), ("batch",))
  repl, data = NamedSharding(mesh, P()), NamedSharding(mesh, P("batch"))
  params = init_params(jax.random.key(0))
  opt_state = optimizer.init(params)
  update_fn = jax.jit(update, in_shardings=(repl, repl, data, data), out_shardings=(repl, repl, repl))
  img = jax.ShapeDtypeStruct((1024, 768), jnp.float32)
  txt = jax.ShapeDtypeStruct((1024, 512), jnp.float32)
  update_fn.trace(params, opt_state, img, txt).lower(lowering_platforms=("tpu",))
