import jax
import jax.numpy as jnp
from jax import lax

N_LAYERS, D, F, VOCAB = 6, 128, 512, 1024


def param_shapes():
  f32 = lambda *s: jax.ShapeDtypeStruct(s, jnp.float32)
  return {
      "embed": f32(VOCAB, D),
      "blocks": {"w1": f32(N_LAYERS, D, F), "w2": f32(N_LAYERS, F, D)},
      "ln_f": f32(D),
  }


def forward(params, tokens):
  x = params["embed"][tokens]

  def layer(h, w):
    return h + jax.nn.relu(h @ w["w1"]) @ w["w2"], None

  x, _ = lax.scan(layer, x, params["blocks"])
  x = x * params["ln_f"]
  return x @ params["embed"].T


def loss_fn(params, tokens, labels):
  logits = forward(params, tokens)
  logp = jax.nn.log_softmax(logits)
  return -jnp.take_along_axis(logp, labels[..., None], -1).mean()
