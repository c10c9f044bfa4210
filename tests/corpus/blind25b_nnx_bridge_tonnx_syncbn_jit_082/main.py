import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, NamedSharding
from flax import nnx
from flax.nnx import bridge

from legacy.resnet_stem import Stem


class Classifier(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.stem = bridge.ToNNX(Stem(features=32), rngs=rngs)
        self.head = nnx.Linear(32, 10, rngs=rngs)

    def __call__(self, x):
        return self.head(self.stem(x, mutable=["batch_stats"]))


mesh = jax.make_mesh((4,), ("batch",))
model = Classifier(nnx.Rngs(0))
bridge.lazy_init(model.stem, jnp.ones((2, 16)))


# migrated from pmap to jit-with-shardings; the stem still names 'batch'
@nnx.jit
def forward_train(model, x):
    return model(x)


x = jax.device_put(jnp.ones((32, 16)), NamedSharding(mesh, P("batch")))
out = jax.jit(forward_train).trace(model, x).lower(lowering_platforms=("cuda",))
print("lowered")
