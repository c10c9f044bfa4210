import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P, reshard

mesh = jax.make_mesh((4,), ("data",))


class MLP(nnx.Module):
    def __init__(self, rngs):
        self.fc1 = nnx.Linear(32, 64, rngs=rngs)
        self.fc2 = nnx.Linear(64, 10, rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.relu(self.fc1(x)))


@nnx.jit
def predict(model, x):
    logits = model(x)
    return reshard(logits, NamedSharding(mesh, P()))


with jax.set_mesh(mesh):
    model = MLP(nnx.Rngs(0))
    x = jax.device_put(jnp.ones((16, 32)), NamedSharding(mesh, P("data", None)))
    lowered = predict.trace(model, x).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:60])
