import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P

from vit import ViT

mesh = jax.make_mesh((4,), ("dp",))
model = ViT(img_size=32, patch=4, channels=3, dim=128, depth=4, heads=4, n_classes=10,
            key=jax.random.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)


def correct_count(params, images, labels):
  vit = eqx.combine(params, static)
  logits = jax.vmap(vit)(images)
  hits = jnp.sum(jnp.argmax(logits, axis=-1) == labels)
  return lax.psum(hits, "dp")


evaluate = jax.jit(shard_map(correct_count, mesh=mesh,
                             in_specs=(P(), P("dp"), P("dp")), out_specs=P()))

if __name__ == "__main__":
  EVAL_BATCH = 50   # CIFAR-10 test set: 10_000 images = 200 batches of 50
  images = jax.ShapeDtypeStruct((EVAL_BATCH, 3, 32, 32), jnp.float32)
  labels = jax.ShapeDtypeStruct((EVAL_BATCH,), jnp.int32)
  evaluate.trace(params, images, labels).lower(lowering_platforms=("tpu",))
