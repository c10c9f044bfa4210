import jax
import jax.numpy as jnp
from jax import lax

from kernels.all_gather import pallas_all_gather


def contrastive_loss(img_emb, txt_emb, axis_name, num_devices, temperature=0.07):
  img_emb = img_emb / jnp.linalg.norm(img_emb, axis=-1, keepdims=True)
  txt_emb = txt_emb / jnp.linalg.norm(txt_emb, axis=-1, keepdims=True)
  all_txt = pallas_all_gather(txt_emb, axis_name, num_devices)
  all_txt = all_txt.reshape(-1, txt_emb.shape[-1])
  logits = img_emb @ all_txt.T / temperature
  b = img_emb.shape[0]
  labels = lax.axis_index(axis_name) * b + jnp.arange(b)
  logp = jax.nn.log_softmax(logits, axis=-1)
  return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=-1))
