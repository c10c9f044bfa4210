import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training.train_state import TrainState
from jax.sharding import NamedSharding, PartitionSpec as P

from vit_block import EncoderBlock

# ViT-S/16-ish block: 6 heads of 64.
model = EncoderBlock(num_heads=6, head_dim=64, mlp_dim=1536)
mesh = jax.make_mesh((1, 4), ("data", "model"))


def create_state(rng, images, tx):
  params = model.init(rng, images)["params"]
  return TrainState.create(apply_fn=model.apply, params=params, tx=tx)


def main():
  tx = optax.adamw(3e-4, weight_decay=0.05)
  images = jax.ShapeDtypeStruct((32, 197, 384), jnp.float32,
                                sharding=NamedSharding(mesh, P("data")))
  rng = jax.random.key(0)
  abstract_state = jax.eval_shape(functools.partial(create_state, tx=tx), rng, images)
  state_sharding = nn.get_sharding(abstract_state, mesh)
  init = jax.jit(create_state, static_argnums=2, out_shardings=state_sharding)
  init.trace(rng, images, tx).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
