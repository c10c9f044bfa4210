import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr

mesh = jax.make_mesh((len(jax.devices()),), ("batch",))
sharding = jax.sharding.NamedSharding(mesh, jax.sharding.PartitionSpec("batch"))
replicated = jax.sharding.NamedSharding(mesh, jax.sharding.PartitionSpec())


class Classifier(eqx.Module):
    mlp: eqx.nn.MLP

    def __init__(self, key):
        self.mlp = eqx.nn.MLP(10, 3, 64, 2, key=key)

    def __call__(self, x):
        return jax.nn.log_softmax(self.mlp(x))


def accuracy(params, static, x, y):
    model = eqx.combine(params, static)
    pred = jnp.argmax(jax.vmap(model)(x), axis=-1)
    return jnp.mean(pred == y)


model = eqx.filter_shard(Classifier(jr.key(0)), replicated)
params, static = eqx.partition(model, eqx.is_array)
x_test = jr.normal(jr.key(1), (30, 10))
y_test = jr.randint(jr.key(2), (30,), 0, 3)
x_test, y_test = eqx.filter_shard((x_test, y_test), sharding)
acc = jax.jit(accuracy, static_argnums=1).trace(params, static, x_test, y_test).lower(lowering_platforms=("cuda",))
print(acc.as_text()[:20])
