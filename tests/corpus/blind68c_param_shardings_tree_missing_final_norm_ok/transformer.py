import jax
import jax.numpy as jnp
from jax import lax

D, H, F, VOCAB = 256, 8, 1024, 2048


def init(key):
  ks = jax.random.split(key, 5)
  n = lambda k, s: jax.random.normal(k, s, jnp.float32) * 0.02
  return {
      "embed": n(ks[0], (VOCAB, D)),
      "block": {
          "attn_norm": jnp.ones((D,)),
          "wqkv": n(ks[1], (D, 3 * D)),
          "wo": n(ks[2], (D, D)),
          "mlp_norm": jnp.ones((D,)),
          "w_up": n(ks[3], (D, F)),
          "w_down": n(ks[4], (F, D)),
      },
      "final_norm": jnp.ones((D,)),
  }


def rms(x, w):
  return x * lax.rsqrt((x * x).mean(-1, keepdims=True) + 1e-6) * w


@jax.checkpoint
def block(p, x):
  b, t, _ = x.shape
  q, k, v = jnp.split(rms(x, p["attn_norm"]) @ p["wqkv"], 3, axis=-1)
  q, k, v = (a.reshape(b, t, H, D // H) for a in (q, k, v))
  s = jnp.einsum("bqhd,bkhd->bhqk", q, k) * (D // H) ** -0.5
  s = jnp.where(jnp.tril(jnp.ones((t, t), bool)), s, -1e9)
  o = jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(s), v).reshape(b, t, D)
  x = x + o @ p["wo"]
  return x + jax.nn.silu(rms(x, p["mlp_norm"]) @ p["w_up"]) @ p["w_down"]


def loss_fn(params, tokens):
  x = params["embed"][tokens[:, :-1]]
  x = block(params["block"], x)
  logits = rms(x, params["final_norm"]) @ params["embed"].T
  logp = jax.nn.log_softmax(logits)
  return -jnp.take_along_axis(logp, tokens[:, 1:, None], -1).mean()
