import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P, NamedSharding, AxisType


class MLP(nnx.Module):
    def __init__(self, din, dmid, dout, *, rngs: nnx.Rngs):
        self.linear1 = nnx.Linear(din, dmid, rngs=rngs)
        self.dropout = nnx.Dropout(0.1, rngs=rngs)
        self.linear2 = nnx.Linear(dmid, dout, rngs=rngs)

    def __call__(self, x):
        x = nnx.gelu(self.dropout(self.linear1(x)))
        return self.linear2(x)


mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))

model = MLP(16, 32, 4, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)


def loss_fn(model, x, y):
    logits = model(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


@nnx.shard_map(mesh=mesh, in_specs=(P(), P(), P("data"), P("data")), out_specs=P())
def train_step(model, optimizer, x, y):
    loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
    grads = jax.lax.pmean(grads, axis_name="data")
    optimizer.update(model, grads)
    return jax.lax.pmean(loss, "data")


step = nnx.jit(train_step)
x = jnp.ones((32, 16))
y = jnp.zeros((32,), jnp.int32)
lowered = jax.jit(step).trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",))
print("lowered", len(lowered.as_text()) > 0)
