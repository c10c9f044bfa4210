"""Gemma-style prefill into a bf16 KV cache with rotary embeddings, Flax NNX + nnx.jit."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

BATCH, MAX_LEN, CHUNK, D_MODEL, HEADS, HEAD_DIM = 4, 2048, 256, 512, 8, 64


def apply_rope(inputs, positions, max_wavelength=10_000):
  """inputs: (B, T, H, D); positions: (B, T). Computed in float32 as in the reference implementation."""
  fraction = 2 * jnp.arange(HEAD_DIM // 2) / HEAD_DIM
  timescale = max_wavelength ** fraction
  sinusoid = positions[..., None].astype(jnp.float32) / timescale
  sin, cos = jnp.sin(sinusoid)[:, :, None, :], jnp.cos(sinusoid)[:, :, None, :]
  first, second = jnp.split(inputs, 2, axis=-1)
  out = jnp.concatenate([first * cos - second * sin, second * cos + first * sin], axis=-1)
  return out.astype(inputs.dtype)


class CachedAttention(nnx.Module):
  def __init__(self, *, rngs):
    kinit = nnx.with_partitioning(nnx.initializers.lecun_normal(), (None, "model"))
    self.q = nnx.Linear(D_MODEL, HEADS * HEAD_DIM, use_bias=False, dtype=jnp.bfloat16, kernel_init=kinit, rngs=rngs)
    self.k = nnx.Linear(D_MODEL, HEADS * HEAD_DIM, use_bias=False, dtype=jnp.bfloat16, kernel_init=kinit, rngs=rngs)
    self.v = nnx.Linear(D_MODEL, HEADS * HEAD_DIM, use_bias=False, dtype=jnp.bfloat16, kernel_init=kinit, rngs=rngs)
    self.o = nnx.Linear(HEADS * HEAD_DIM, D_MODEL, use_bias=False, dtype=jnp.bfloat16, rngs=rngs,
                        kernel_init=nnx.with_partitioning(nnx.initializers.lecun_normal(), ("model", None)))
    self.cache_k = nnx.Cache(jnp.zeros((BATCH, MAX_LEN, HEADS, HEAD_DIM), jnp.bfloat16))
    self.cache_v = nnx.Cache(jnp.zeros((BATCH, MAX_LEN, HEADS, HEAD_DIM), jnp.bfloat16))

  def __call__(self, x, start):
    b, t, _ = x.shape
    positions = start + jnp.broadcast_to(jnp.arange(t), (b, t))
    q = apply_rope(self.q(x).reshape(b, t, HEADS, HEAD_DIM), positions)
    k = apply_rope(self.k(x).reshape(b, t, HEADS, HEAD_DIM), positions)
    v = self.v(x).reshape(b, t, HEADS, HEAD_DIM)
    self.cache_k.value = lax.dynamic_update_slice_in_dim(self.cache_k.value, k, start, axis=1)
    self.cache_v.value = lax.dynamic_update_slice_in_dim(self.cache_v.value, v, start, axis=1)
    logits = jnp.einsum("bqhd,bkhd->bhqk", q, self.cache_k.value) * HEAD_DIM ** -0.5
    key_pos = jnp.arange(MAX_LEN)
    mask = key_pos[None, None, None, :] <= positions[:, None, :, None]
    probs = jax.nn.softmax(jnp.where(mask, logits.astype(jnp.float32), -1e30), axis=-1)
    out = jnp.einsum("bhqk,bkhd->bqhd", probs.astype(jnp.bfloat16), self.cache_v.value)
    return self.o(out.reshape(b, t, -1))


@nnx.jit
def prefill_chunk(model, x, start):
  return model(x, start)


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
  with jax.set_mesh(mesh):
    model = nnx.eval_shape(lambda: CachedAttention(rngs=nnx.Rngs(0)))
    x = jax.ShapeDtypeStruct((BATCH, CHUNK, D_MODEL), jnp.bfloat16, sharding=NamedSharding(mesh, P("data")))
    start = jax.ShapeDtypeStruct((), jnp.int32)
    lowered = prefill_chunk.trace(model, x, start).lower(lowering_platforms=("cuda",))
  print(lowered.as_text()[:200])


if __name__ == "__main__":
  main()
