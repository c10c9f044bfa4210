import jax
import jax.numpy as jnp
from flax import nnx

N_MEMBERS = 4


class MLP(nnx.Module):
    def __init__(self, din, dout, *, rngs):
        self.l1 = nnx.Linear(din, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, dout, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


@nnx.split_rngs(splits=N_MEMBERS)
@nnx.vmap(in_axes=(0,), out_axes=0)
def create_ensemble(rngs):
    return MLP(10, 1, rngs=rngs)


ensemble = create_ensemble(nnx.Rngs(0))


def loss_fn(model, x, y):
    pred = model(x)
    # agreement term: each member is pulled toward the ensemble mean
    mean_pred = jax.lax.pmean(pred, axis_name="member")
    return jnp.mean((pred - y) ** 2) + 0.1 * jnp.mean((pred - mean_pred) ** 2)


@nnx.jit
def train_step(ensemble, x, y):
    @nnx.vmap(in_axes=(0, None, None), out_axes=0, axis_name="member")
    def member_grads(model, x, y):
        return nnx.grad(loss_fn)(model, x, y)

    return member_grads(ensemble, x, y)


x, y = jnp.ones((16, 10)), jnp.zeros((16, 1))
print(train_step.trace(ensemble, x, y).lower(lowering_platforms=("cuda",)).as_text()[:80])
