import jax
import jax.numpy as jnp
import optax
from flax import nnx

from model import MLP
from train import train_step


def main():
  mesh = jax.make_mesh((4,), ("data",))
  model = MLP(784, 512, 10, rngs=nnx.Rngs(0))
  tx = optax.chain(optax.clip_by_global_norm(1.0), optax.adamw(1e-3, weight_decay=1e-4))
  optimizer = nnx.Optimizer(model, tx, wrt=nnx.Param)
  images = jnp.zeros((256, 784), jnp.float32)
  labels = jnp.zeros((256,), jnp.int32)
  batch_sharding = jax.sharding.NamedSharding(mesh, jax.P("data"))
  images, labels = jax.device_put((images, labels), batch_sharding)
  traced = train_step.trace(model, optimizer, images, labels, mesh=mesh)
  print(traced.lower(lowering_platforms=("cuda",)).as_text()[:80])


if __name__ == "__main__":
  main()
