# Exported from notebook: nnx_dp_shard_map.ipynb
# %%
import jax
import jax.numpy as jnp
import optax
import flax
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",))

# helper cell: flax renamed check_rep -> check_vma in 0.12
FLAX_VERSION = tuple(int(p) for p in flax.__version__.split(".")[:2])
if FLAX_VERSION >= (0, 12):
    NO_CHECK = {"check_vma": False}
else:
    NO_CHECK = {"check_rep": False}

# %%
class MLP(nnx.Module):
    def __init__(self, din, dhidden, dout, *, rngs):
        self.l1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.l2 = nnx.Linear(dhidden, dout, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.gelu(self.l1(x)))

model = MLP(16, 32, 4, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(1e-2), wrt=nnx.Param)

# %%
def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)

# %%
# per-device step: grads are averaged across the data axis by hand
# (check_vma=False: the pmean-ed grads confuse the replication checker)
def grad_step(model, x, y):
    loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
    grads = jax.lax.pmean(grads, "data")
    loss = jax.lax.pmean(loss, "data")
    return loss, grads

grad_step = nnx.shard_map(grad_step, mesh=mesh, in_specs=(P(), P("data"), P("data")),
                          out_specs=(P(), P()), **NO_CHECK)

# %%
graphdef, state = nnx.split((model, optimizer))

@jax.jit
def train_step(state, x, y):
    model, optimizer = nnx.merge(graphdef, state)
    loss, grads = grad_step(model, x, y)
    optimizer.update(model, grads)
    return loss, nnx.state((model, optimizer))

# %%
x = jnp.ones((32, 16))
y = jnp.zeros((32, 4))
print(train_step.trace(state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:60])
