import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",))


class MLP(nnx.Module):
    def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.l2 = nnx.Linear(dhidden, dout, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


@nnx.jit
def train_step(model, x, y):
    @nnx.shard_map(mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=(P(), P()))
    def per_shard(model, x, y):
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        grads = jax.lax.pmean(grads, "data")
        loss = jax.lax.pmean(loss, "data")
        return loss, grads

    return per_shard(model, x, y)


model = MLP(16, 32, 4, rngs=nnx.Rngs(0))
x = jax.device_put(jnp.ones((32, 16)), NamedSharding(mesh, P("data")))
y = jax.device_put(jnp.zeros((32, 4)), NamedSharding(mesh, P("data")))
lowered = train_step.trace(model, x, y).lower(lowering_platforms=("cuda",))
print("lowered", len(lowered.as_text()))
