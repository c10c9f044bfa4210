import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P


class MLP(nnx.Module):
    def __init__(self, din, dhid, dout, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, dhid, rngs=rngs)
        self.l2 = nnx.Linear(dhid, dout, rngs=rngs)

    def __call__(self, x):
        return self.l2(jax.nn.gelu(self.l1(x)))


mesh = jax.make_mesh((4,), ("data",))
model = MLP(16, 32, 4, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)


def loss_fn(model, x, y):
    logits = model(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


@nnx.shard_map(mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=(P(), P()))
def local_grads(model, x, y):
    loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
    loss = jax.lax.pmean(loss, "data")
    grads = jax.lax.pmean(grads, "data")
    return loss, grads


@nnx.jit
def train_step(model, optimizer, x, y):
    loss, grads = local_grads(model, x, y)
    optimizer.update(model, grads)
    return loss


x = jnp.ones((32, 16))
y = jnp.zeros((32,), jnp.int32)
lowered = train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",))
print("lowered", type(lowered).__name__)
