import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from resnet import TinyResNet

mesh = jax.make_mesh((2, 2), ("data", "model"))
model = TinyResNet()


def main():
  images = jax.ShapeDtypeStruct((32, 32, 32, 3), jnp.float32,
                                sharding=NamedSharding(mesh, P("data")))
  rng = jax.random.key(0)
  abstract = jax.eval_shape(lambda r, x: model.init(r, x, train=False), rng, images)
  shardings = {"params": nn.get_sharding(abstract["params"], mesh)}
  init = jax.jit(lambda r, x: model.init(r, x, train=False), out_shardings=shardings)
  lowered = init.trace(rng, images).lower(lowering_platforms=("tpu",))
  print(lowered.as_text()[:200])


if __name__ == "__main__":
  main()
