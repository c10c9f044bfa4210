import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"))


@nnx.shard_map(
    mesh=mesh,
    in_specs=(P("data", "model"), P("model", None)),
    out_specs=P("data", None),
    check_vma=False,
)
def row_parallel(h, w):
    return jax.lax.psum(h @ w, "model")


class MLP(nnx.Module):
    def __init__(self, d, f, *, rngs):
        init = nnx.initializers.lecun_normal()
        self.w_in = nnx.Param(nnx.with_partitioning(init, (None, "model"))(rngs.params(), (d, f)))
        self.w_out = nnx.Param(nnx.with_partitioning(init, ("model", None))(rngs.params(), (f, d)))

    def __call__(self, x):
        h = jax.nn.gelu(x @ self.w_in.value)
        return row_parallel(h, self.w_out.value)


model = MLP(32, 128, rngs=nnx.Rngs(0))
opt = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)


@nnx.jit
def train_step(model, opt, x):
    loss, grads = nnx.value_and_grad(lambda m: jnp.mean(m(x) ** 2))(model)
    opt.update(model, grads)
    return loss


x = jax.device_put(jnp.ones((8, 32)), NamedSharding(mesh, P("data", None)))
print(train_step.trace(model, opt, x).lower(lowering_platforms=("cuda",)).as_text()[:30])
