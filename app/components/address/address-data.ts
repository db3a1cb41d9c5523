import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ShippingAddress } from "../../../core/address.ts";
import type { AddressInput, AddressView } from "../../../core/contracts/addresses.ts";
import { apiRequest } from "../../lib/api.ts";

/** GET /api/addresses: the saved addresses (the default first) and the countries the shop ships to. */
export interface AddressBook {
  addresses: AddressView[];
  shipTo: string[];
}

/** Keyed by the customer, so a book read before a sign-out is never shown to the next one in the tab. */
export const addressBookKey = (userId: string) => ["/api/addresses", userId] as const;

/**
 * The book after the server answered a saved row: the row replaces its old self (or joins at the end), and
 * when it is the default now no other address is.
 */
export function withSavedAddress(book: AddressBook, row: AddressView): AddressBook {
  const others = book.addresses.map((a) =>
    row.isDefault && a.id !== row.id ? { ...a, isDefault: false } : a,
  );
  const known = others.some((a) => a.id === row.id);
  return {
    ...book,
    addresses: known ? others.map((a) => (a.id === row.id ? row : a)) : [...others, row],
  };
}

/** The customer's address book; read again each time it is shown (checkout may have saved one). */
export function useAddressBook(userId: string) {
  return useQuery({
    queryKey: addressBookKey(userId),
    queryFn: () => apiRequest<AddressBook>("GET", "/api/addresses"),
    staleTime: 0,
  });
}

/** Adds (no id) or edits an address, making it the default when asked; the answer is put into the book as the server saved it. */
export function useSaveAddress(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      address,
      makeDefault,
    }: {
      id: string | null;
      address: ShippingAddress;
      makeDefault: boolean;
    }) => {
      const body: AddressInput = { ...address, makeDefault };
      return id
        ? apiRequest<AddressView>("PUT", `/api/addresses/${id}`, body)
        : apiRequest<AddressView>("POST", "/api/addresses", body);
    },
    onSuccess: (row) => setRow(queryClient, userId, row),
  });
}

export function useMakeDefaultAddress(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<AddressView>("POST", `/api/addresses/${id}/default`),
    onSuccess: (row) => setRow(queryClient, userId, row),
  });
}

/** Deletes an address; the book is read again, since the server chose the next default. */
export function useDeleteAddress(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ deleted: true }>("DELETE", `/api/addresses/${id}`),
    onSuccess: async (_answer, id) => {
      queryClient.setQueryData<AddressBook>(addressBookKey(userId), (book) =>
        book ? { ...book, addresses: book.addresses.filter((a) => a.id !== id) } : book,
      );
      await queryClient.invalidateQueries({ queryKey: addressBookKey(userId) });
    },
  });
}

function setRow(queryClient: ReturnType<typeof useQueryClient>, userId: string, row: AddressView) {
  queryClient.setQueryData<AddressBook>(addressBookKey(userId), (book) =>
    book ? withSavedAddress(book, row) : book,
  );
}
