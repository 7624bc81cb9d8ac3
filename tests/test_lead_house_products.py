"""A product the documents' own company names ("Orbit Pulse", with the house name as its
modifier) is not swapped for another vendor's product with the same head ("Kestrel Pulse"): no
reader believes the company's docs describe a third party's tool as its own. (From the Directus
hold-out's final delta read; made-up names here.)"""

import random

from test_families_behaviour import ENTITY, manual, vocab


def test_the_house_product_is_no_sibling_of_another_vendors():
    s, slot = manual("Alerts are sent by Orbit Pulse to on-call staff.", "Orbit Pulse", "entity", "product",
                     "Orbit Pulse")
    m = ENTITY.mutate(s, slot, vocab(product=("Orbit", "Orbit Pulse", "Kestrel Pulse")), random.Random(0))
    assert m is None or m.replacement != "Kestrel Pulse", m


def test_another_vendors_products_stay_siblings():
    s, slot = manual("Alerts are sent by Nimbus Pulse to on-call staff.", "Nimbus Pulse", "entity", "product",
                     "Nimbus Pulse")
    m = ENTITY.mutate(s, slot, vocab(product=("Orbit", "Orbit Pulse", "Kestrel Pulse")), random.Random(0))
    assert m is not None and m.replacement == "Kestrel Pulse"
