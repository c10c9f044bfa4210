import jax
import jax.numpy as jnp

from paged import gather_pages


@jax.jit
def decode_scores(q, page_table, k_pages):
  keys = gather_pages(page_table, k_pages)          # [n, page, d]
  keys = keys.reshape(-1, keys.shape[-1])           # [n * page, d]
  return jax.nn.softmax(q @ keys.T / jnp.sqrt(q.shape[-1]), axis=-1)


def main():
  q = jax.ShapeDtypeStruct((8, 128), jnp.float32)
  page_table = jax.ShapeDtypeStruct((16,), jnp.int32)
  k_pages = jax.ShapeDtypeStruct((64, 8, 128), jnp.float32)
  lowered = decode_scores.trace(q, page_table, k_pages).lower(
      lowering_platforms=("tpu",))
  print(lowered.as_text()[:200])


if __name__ == "__main__":
  main()
