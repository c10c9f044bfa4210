import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P
from flax import nnx

S, M, D = 4, 4, 32


class StageMLP(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(D, D, rngs=rngs)

    def __call__(self, x):
        return nnx.gelu(self.fc(x))


class PipelinedModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        @nnx.vmap(in_axes=0, out_axes=0)
        def mk(key):
            return StageMLP(nnx.Rngs(key))

        self.stages = mk(jax.random.split(rngs.params(), S))


def shift_forward(x):
    return lax.ppermute(x, "pp", [(i, i + 1) for i in range(S - 1)])


def make_pipeline(graphdef, mesh):
    def run_stages(state, mbs):
        stage = nnx.merge(graphdef, jax.tree.map(lambda a: a[0], state))
        idx = lax.axis_index("pp")

        def tick(carry, t):
            h = jnp.where(idx == 0, mbs[jnp.minimum(t, M - 1)], carry)
            h = stage(h)
            return shift_forward(h), h

        _, hs = lax.scan(tick, jnp.zeros_like(mbs[0]), jnp.arange(M + S - 1))
        return hs[S - 1:][None]

    return jax.shard_map(run_stages, mesh=mesh, in_specs=(P("pp"), P()), out_specs=P("pp"),
                         check_vma=False)


mesh = Mesh(np.array(jax.devices()), ("pp",))
model = PipelinedModel(nnx.Rngs(0))
stage_graphdef, _ = nnx.split(model.stages)
pipeline = make_pipeline(stage_graphdef, mesh)
optimizer = nnx.Optimizer(model, optax.sgd(1e-2), wrt=nnx.Param)


def loss_fn(model, mbs, targets):
    _, state = nnx.split(model.stages)
    out = pipeline(state, mbs)[-1]
    return jnp.mean((out - targets) ** 2)


@nnx.jit
def train_step(model, optimizer, mbs, targets):
    loss, grads = nnx.value_and_grad(loss_fn)(model, mbs, targets)
    optimizer.update(model, grads)
    return loss


mbs = jnp.ones((M, 8, D))
targets = jnp.zeros((M, 8, D))
print(train_step.trace(model, optimizer, mbs, targets).lower(lowering_platforms=("cuda",)).as_text()[:20])
