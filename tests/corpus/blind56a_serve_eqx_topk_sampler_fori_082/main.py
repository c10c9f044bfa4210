from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from lm import WindowLM

VOCAB, DIM, WINDOW, N_NEW, TOP_K = 2048, 128, 8, 32, 40


def top_k_sample(key, logits, k, temperature):
  vals, idx = jax.lax.top_k(logits / temperature, k)
  choice = jax.random.categorical(key, vals, axis=-1)
  return jnp.take_along_axis(idx, choice[..., None], axis=-1)[..., 0]


def generate(params, ctx, key, *, static, temperature=1.0):
  model = eqx.combine(params, static)
  batch = ctx.shape[0]
  out = jnp.zeros((batch, N_NEW), jnp.int32)

  def body(t, carry):
    ctx, out, key = carry
    key, sub = jax.random.split(key)
    logits = jax.vmap(model)(ctx)
    nxt = top_k_sample(sub, logits, TOP_K, temperature).astype(jnp.int32)
    ctx = jnp.roll(ctx, -1, axis=1)
    ctx = jax.lax.dynamic_update_slice(ctx, nxt[:, None], (0, WINDOW - 1))
    out = jax.lax.dynamic_update_slice(out, nxt[:, None], (0, t))
    return ctx, out, key

  _, out, _ = jax.lax.fori_loop(0, N_NEW, body, (ctx, out, key))
  return out


def main():
  mesh = Mesh(np.array(jax.devices()), ("dp",))
  model = WindowLM(VOCAB, DIM, WINDOW, key=jax.random.key(0))
  params, static = eqx.partition(model, eqx.is_array)
  run = jax.jit(partial(generate, static=static),
                in_shardings=(None, NamedSharding(mesh, P("dp")), None),
                out_shardings=NamedSharding(mesh, P("dp")))
  ctx = jax.ShapeDtypeStruct((32, WINDOW), jnp.int32)
  run.trace(params, ctx, jax.random.key(7)).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
