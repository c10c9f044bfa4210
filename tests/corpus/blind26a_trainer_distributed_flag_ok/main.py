"""One Trainer for both the single-device eval path (plain jit) and the shard_map'd train
path; the cross-device reduction is only taken when `distributed` is set."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P


class Trainer(eqx.Module):
    static: eqx.Module = eqx.field(static=True)
    optim: optax.GradientTransformation = eqx.field(static=True)
    distributed: bool = eqx.field(static=True, default=False)
    axis: str = eqx.field(static=True, default="data")

    def mean(self, tree):
        if self.distributed:
            return jax.lax.pmean(tree, self.axis)
        return tree

    def loss(self, params, x, y):
        model = eqx.combine(params, self.static)
        return jnp.mean((jax.vmap(model)(x) - y) ** 2)

    def train_step(self, params, opt_state, x, y):
        loss, grads = jax.value_and_grad(self.loss)(params, x, y)
        grads = self.mean(grads)
        updates, opt_state = self.optim.update(grads, opt_state)
        return optax.apply_updates(params, updates), opt_state, self.mean(loss)

    def eval_step(self, params, x, y):
        return self.mean(self.loss(params, x, y))


model = eqx.nn.MLP(8, 1, 32, 2, key=jr.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)
optim = optax.sgd(1e-2)
opt_state = optim.init(params)
x, y = jnp.ones((16, 8)), jnp.ones((16, 1))

mesh = Mesh(np.array(jax.devices()), ("data",))
dist = Trainer(static, optim, distributed=True)
train = jax.jit(
    jax.shard_map(
        dist.train_step,
        mesh=mesh,
        in_specs=(P(), P(), P("data"), P("data")),
        out_specs=(P(), P(), P()),
    )
)
print(train.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:20])

# evaluation on a single device: no mesh, no reduction
local = Trainer(static, optim)
evaluate = jax.jit(local.eval_step)
print(evaluate.trace(params, x, y).lower(lowering_platforms=("cuda",)).as_text()[:20])
