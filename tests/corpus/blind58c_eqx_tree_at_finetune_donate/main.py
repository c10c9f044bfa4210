import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P


class Backbone(eqx.Module):
    layers: list
    norm: eqx.nn.LayerNorm

    def __init__(self, dim, depth, key):
        keys = jax.random.split(key, depth)
        self.layers = [eqx.nn.Linear(dim, dim, key=k) for k in keys]
        self.norm = eqx.nn.LayerNorm(dim)

    def __call__(self, x):
        for layer in self.layers:
            x = jax.nn.relu(layer(x))
        return self.norm(x)


class Classifier(eqx.Module):
    backbone: Backbone
    head: eqx.nn.Linear

    def __call__(self, x):
        return self.head(self.backbone(x))


def loss_fn(diff, static, x, y):
    model = eqx.combine(diff, static)
    logits = jax.vmap(model)(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


optim = optax.adamw(1e-4)


def step(diff, static, opt_state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(diff, static, x, y)
    updates, opt_state = optim.update(grads, opt_state, diff)
    return eqx.apply_updates(diff, updates), opt_state, loss


step = eqx.filter_jit(step, donate="all-except-first")


def main():
    kb, kh = jax.random.split(jax.random.key(0))
    pretrained = Classifier(Backbone(128, 4, kb), eqx.nn.Linear(128, 1000, key=kh))
    # swap the 1000-way head for a 10-way one before fine-tuning
    model = eqx.tree_at(lambda m: m.head, pretrained, eqx.nn.Linear(128, 10, key=kh))

    # only train the head and the final norm
    filter_spec = jax.tree.map(lambda _: False, model)
    filter_spec = eqx.tree_at(lambda m: (m.head, m.backbone.norm), filter_spec,
                              replace=(True, True))
    filter_spec = jax.tree.map(lambda f, leaf: f and eqx.is_array(leaf), filter_spec, model)
    diff, static = eqx.partition(model, filter_spec)
    opt_state = optim.init(diff)

    mesh = jax.make_mesh((4,), ("batch",))
    batch = NamedSharding(mesh, P("batch"))
    x = jax.ShapeDtypeStruct((64, 128), jnp.float32, sharding=batch)
    y = jax.ShapeDtypeStruct((64,), jnp.int32, sharding=batch)
    frozen, static = eqx.partition(static, eqx.is_array)

    def run(diff, frozen, opt_state, x, y):
        return eqx.filter(step(diff, eqx.combine(frozen, static), opt_state, x, y), eqx.is_array)

    jax.jit(run, donate_argnums=(2,)).trace(diff, frozen, opt_state, x, y).lower(
        lowering_platforms=("cuda",))


if __name__ == "__main__":
    main()
